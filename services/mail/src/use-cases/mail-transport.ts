import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '@warriors/kit';
import type { SendFailure } from '../domain/delivery-policy';

/** One mail as the transport sends it. */
export interface OutgoingMail {
  from: string;
  to: string;
  messageId: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  /** The link the mail is for: the file transport prints it, so a broker without SMTP can still open it. */
  link: string | null;
}

export interface MailTransport {
  /** Where the mails go, for the start-up log line (never the URL's credentials). */
  readonly describe: string;
  /** Resolves once the server took the mail; rejects with the server's reply (or the connection's error) otherwise. */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** Long enough for a slow relay, short enough that a dead one holds a sender for seconds, not minutes. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

const asMessage = (mail: OutgoingMail) => ({
  from: mail.from,
  to: mail.to,
  messageId: mail.messageId,
  subject: mail.subject,
  text: mail.text,
  html: mail.html,
  headers: mail.headers,
});

/** SMTP_URL: smtp:// (STARTTLS when offered) or smtps://, credentials in the URL. */
export function smtpTransport(url: string): MailTransport {
  const parsed = new URL(url);
  const transporter = nodemailer.createTransport({ url, ...SMTP_TIMEOUTS });
  return {
    describe: `SMTP ${parsed.protocol}//${parsed.host}`,
    async send(mail) {
      await transporter.sendMail(asMessage(mail));
    },
    close: () => transporter.close(),
  };
}

/**
 * Without SMTP_URL: each mail written as an .eml file under `dir` (any mail client opens it), its
 * subject and link printed to the log. Made for one machine (`npm start`): the log then holds the
 * links' tokens, which is why a production deployment sets SMTP_URL.
 */
export function fileTransport(dir: string, logger: Logger): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    describe: `files under ${dir}`,
    async send(mail) {
      const info = await transporter.sendMail(asMessage(mail));
      await mkdir(dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.messageId.replace(/[^A-Za-z0-9]+/g, '_').slice(0, 60)}.eml`;
      const file = path.join(dir, name);
      await writeFile(file, info.message as Buffer);
      logger.info({ to: mail.to, subject: mail.subject, link: mail.link, file }, `mail written: ${mail.subject}${mail.link ? ` ${mail.link}` : ''}`);
    },
    close: () => transporter.close(),
  };
}

/** What nodemailer's error says: the SMTP reply code when the server gave one. */
export function sendFailureOf(err: unknown): SendFailure {
  const error = err as { responseCode?: unknown; response?: unknown; message?: unknown; code?: unknown };
  const message = String(error.response ?? error.message ?? err).slice(0, 500);
  return typeof error.responseCode === 'number' ? { responseCode: error.responseCode, message } : { message: error.code ? `${String(error.code)}: ${message}` : message };
}
