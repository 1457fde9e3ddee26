import os from 'node:os';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { freePort } from './ports';

/** Mail settings for a factory that needs them but sends nothing in the test (files under the temp directory). */
export const TEST_MAIL_SETTINGS = { from: 'Prospect Warriors <no-reply@warriors.test>', mailDir: path.join(os.tmpdir(), 'warriors-test-mail'), publicUrl: 'http://127.0.0.1:8080' };

/** One mail as the test's SMTP server received it: the envelope, and the message parsed by mailparser. */
export interface ReceivedMail {
  to: string[];
  parsed: ParsedMail;
  /** The first link in the text body pointing at `path` (e.g. '/reset-password'), with its token. */
  linkTo(path: string): URL;
}

/** How the server answers each mail: take it, or refuse it with an SMTP reply code. */
export type SmtpAnswer = { accept: true } | { code: number; message: string };

export interface TestSmtp {
  /** smtp://127.0.0.1:<port>: what SMTP_URL is set to. */
  url: string;
  port: number;
  received: ReceivedMail[];
  /** What the server answers the next mails with (accept by default). */
  answer(decide: (to: string[]) => SmtpAnswer): void;
  /** Stops listening (an outage); `start` listens again on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
}

/**
 * A real SMTP server (the smtp-server package) on a free loopback port, with no TLS and no
 * authentication, keeping every mail it accepts: what a test checks the product's mail against.
 */
export async function startTestSmtp(): Promise<TestSmtp> {
  const port = await freePort();
  const received: ReceivedMail[] = [];
  let decide: (to: string[]) => SmtpAnswer = () => ({ accept: true });
  const options: SMTPServerOptions = {
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const to = session.envelope.rcptTo.map((address) => address.address);
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const answer = decide(to);
        if (!('accept' in answer)) {
          const refusal = Object.assign(new Error(answer.message), { responseCode: answer.code });
          callback(refusal);
          return;
        }
        void simpleParser(Buffer.concat(chunks)).then(
          (parsed) => {
            received.push({
              to,
              parsed,
              linkTo(wanted) {
                const found = (parsed.text ?? '')
                  .match(/https?:\/\/\S+/g)
                  ?.map((href) => new URL(href))
                  .find((url) => url.pathname === wanted);
                if (!found) throw new Error(`no link to ${wanted} in: ${parsed.text}`);
                return found;
              },
            });
            callback();
          },
          (err: Error) => callback(err),
        );
      });
    },
  };
  let server: SMTPServer | null = null;
  const start = () =>
    new Promise<void>((resolve, reject) => {
      server = new SMTPServer(options);
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
  await start();
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    answer(next) {
      decide = next;
    },
    start,
    stop: () =>
      new Promise<void>((resolve) => {
        const running = server;
        server = null;
        if (!running) return resolve();
        running.close(() => resolve());
      }),
  };
}
