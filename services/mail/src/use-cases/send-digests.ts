import { BUS_QUESTIONS, MailDigestSocialReply, PendingInvitesReply, WeeklyRecap } from '@warriors/contracts';
import type { Kysely } from 'kysely';
import type { Bus, Clock, Logger } from '@warriors/kit';
import { duePeriod, type DigestKind } from '../domain/digest-schedule';
import { renderDailyDigest, renderWeeklyRecap, type RenderedMail } from '../domain/templates';
import { claimDigest, digestRecipients, previousDigestAt, wasConsidered, type DigestRecipient } from '../store/addresses.store';
import type { MailDatabase } from '../store/schema';
import type { MailQueue } from './mail-queue';

export interface DigestsDeps {
  db: Kysely<MailDatabase>;
  bus: Bus;
  clock: Clock;
  logger: Logger;
  queue: MailQueue;
  /** How often the brokers are looked at for a digest now due. */
  pollMs: number;
}

const PAGE = 200;
const QUESTION_TIMEOUT_MS = 5_000;
const DAY_MS = 24 * 3600_000;

/**
 * The weekly recap and the daily digest: each round, every verified broker with the kind switched on
 * whose local hour has come gets one digest of that kind per period. The claim (a row per broker,
 * kind and period) and the mail commit together, so of N instances one sends it, and a failed
 * question leaves the digest for the next round. The daily digest goes only to a broker with no push
 * device (push already told the others) and only when something is waiting.
 */
export function createDigests(deps: DigestsDeps) {
  const { db, bus, clock, logger, queue } = deps;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;

  const ask = async <T>(subject: string, payload: unknown, parse: (value: unknown) => T): Promise<T> => parse(await bus.request(subject, payload, QUESTION_TIMEOUT_MS));

  async function compose(kind: DigestKind, recipient: DigestRecipient, period: string, now: Date): Promise<{ rendered: RenderedMail; headers: Record<string, string> } | null> {
    const { page: unsubscribeUrl, headers } = await queue.unsubscribeLinks({ kind, user_id: recipient.user_id });
    const context = { publicUrl: queue.publicUrl(), unsubscribeUrl };
    if (kind === 'weekly_recap') {
      const recap = await ask(BUS_QUESTIONS.weeklyRecap.subject, { user_id: recipient.user_id }, (value) => WeeklyRecap.parse(value));
      return { rendered: renderWeeklyRecap(recipient.name, recap, context), headers };
    }
    const since = (await previousDigestAt(db, recipient.user_id, kind, period)) ?? new Date(now.getTime() - DAY_MS);
    const social = await ask(BUS_QUESTIONS.mailDigestSocial.subject, { user_id: recipient.user_id, since: since.toISOString() }, (value) => MailDigestSocialReply.parse(value));
    if (social.has_push_device) return null;
    const invitations = await ask(BUS_QUESTIONS.pendingInvites.subject, { user_id: recipient.user_id, since: since.toISOString() }, (value) => PendingInvitesReply.parse(value));
    if (social.nudges.length === 0 && invitations.length === 0) return null;
    return { rendered: renderDailyDigest({ name: recipient.name, nudges: social.nudges, invitations }, context), headers };
  }

  async function consider(kind: DigestKind, recipient: DigestRecipient, now: Date): Promise<void> {
    const period = duePeriod(kind, now, recipient.timezone);
    if (!period || (await wasConsidered(db, recipient.user_id, kind, period))) return;
    const mail = await compose(kind, recipient, period, now);
    await db.transaction().execute(async (trx) => {
      if (!(await claimDigest(trx, recipient.user_id, kind, period, now)) || !mail) return;
      await queue.queue(trx, { requestKey: `${kind}:${recipient.user_id}:${period}`, kind, to: recipient.email, userId: recipient.user_id }, mail.rendered, mail.headers);
    });
    if (mail) queue.kick();
  }

  async function round(): Promise<void> {
    const now = clock.now();
    for (const kind of ['weekly_recap', 'daily_digest'] as const) {
      let after = '';
      for (;;) {
        const recipients = await digestRecipients(db, kind, after, PAGE);
        for (const recipient of recipients) {
          try {
            await consider(kind, recipient, now);
          } catch (err) {
            logger.warn({ err, userId: recipient.user_id, kind }, 'digest not composed; next round tries again');
          }
        }
        if (recipients.length < PAGE) break;
        after = recipients[recipients.length - 1]!.user_id;
      }
    }
  }

  function run(): Promise<void> {
    running ??= round()
      .catch((err: unknown) => logger.warn({ err }, 'digest round failed; will retry'))
      .finally(() => {
        running = null;
      });
    return running;
  }

  return {
    /** One round, awaited (tests move the clock, then run it). */
    runOnce: run,
    start(): void {
      timer = setInterval(() => void run(), deps.pollMs);
      timer.unref();
    },
    async stop(): Promise<void> {
      clearInterval(timer);
      await running;
    },
  };
}
