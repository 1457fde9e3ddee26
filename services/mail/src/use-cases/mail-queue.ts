import { randomUUID } from 'node:crypto';
import type { Clock } from '@warriors/kit';
import type { MailKind } from '@warriors/contracts';
import type { RenderedMail } from '../domain/templates';
import { unsubscribeToken, type UnsubscribeTarget } from '../domain/unsubscribe-token';
import { insertMail } from '../store/mails.store';
import type { Executor } from '../store/schema';

export interface MailQueueDeps {
  clock: Clock;
  /** The origin every link points at (PUBLIC_URL). */
  publicUrl: () => string;
  /** The domain of MAIL_FROM: every Message-ID is made under it. */
  messageIdDomain: string;
  /** The key that signs unsubscribe links, read once from the store. */
  linkKey: () => Promise<Buffer>;
  /** Tells the sender a mail is waiting. */
  kick: () => void;
}

export interface MailToQueue {
  requestKey: string;
  kind: MailKind;
  to: string;
  userId: string | null;
}

export type MailQueue = ReturnType<typeof mailQueue>;

/** Puts rendered mails in the queue, once per request key, with the headers their kind needs. */
export function mailQueue(deps: MailQueueDeps) {
  const { clock, publicUrl } = deps;

  const apiLink = (path: string, token: string) => {
    const origin = publicUrl();
    const url = new URL(path, origin.endsWith('/') ? origin : `${origin}/`);
    url.searchParams.set('token', token);
    return url.toString();
  };

  return {
    /**
     * The unsubscribe links of a non-essential mail: the page a reader opens (`page`) and the
     * RFC 8058 one-click headers a mail client posts to.
     */
    async unsubscribeLinks(target: UnsubscribeTarget): Promise<{ page: string; headers: Record<string, string> }> {
      const token = unsubscribeToken(await deps.linkKey(), target);
      return {
        page: apiLink('unsubscribe', token),
        headers: { 'List-Unsubscribe': `<${apiLink('api/mail/unsubscribe', token)}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      };
    },

    /** Answers whether the mail was queued now (false: that request's mail was queued before). */
    async queue(trx: Executor, mail: MailToQueue, rendered: RenderedMail, headers: Record<string, string> = {}): Promise<boolean> {
      const now = clock.now();
      return insertMail(trx, {
        request_key: mail.requestKey,
        kind: mail.kind,
        recipient: mail.to,
        user_id: mail.userId,
        message_id: `<${randomUUID()}@${deps.messageIdDomain}>`,
        subject: rendered.subject,
        text_body: rendered.text,
        html_body: rendered.html,
        link: rendered.link,
        headers,
        next_attempt_at: now,
        created_at: now,
      });
    },

    kick: deps.kick,
    publicUrl,
  };
}
