import type { Clock, Logger, ServiceMetrics } from '@warriors/kit';
import { afterFailure, type DeliveryPolicy } from '../domain/delivery-policy';
import { claimDueMails, markDead, markRetry, markSent, queueCounts, type QueueCounts, type QueuedMail } from '../store/mails.store';
import type { Executor } from '../store/schema';
import { sendFailureOf, type MailTransport } from './mail-transport';

export interface DeliveryDeps {
  db: Executor;
  clock: Clock;
  logger: Logger;
  metrics: ServiceMetrics;
  transport: MailTransport;
  policy: DeliveryPolicy;
  from: string;
  /** How often the queue is looked at for due mails (a queued mail also kicks it at once). */
  pollMs: number;
}

/** Mails one pass takes; the next pass follows at once while the queue holds more. */
const BATCH = 20;
/** How long a sender holds a mail: past it, another instance may take it (the first one died). */
const LEASE_MS = 120_000;

export type Delivery = ReturnType<typeof createDelivery>;

/**
 * The sender: takes due mails from the queue (each held by one instance at a time), hands them to
 * the transport one after another, and records what came of each (sent, due again later, dead).
 */
export function createDelivery(deps: DeliveryDeps) {
  const { db, clock, logger, transport, policy } = deps;
  const sent = deps.metrics.counter('mail_sent_total', 'Mails the SMTP server (or the file transport) took, by kind', ['kind']);
  const failed = deps.metrics.counter('mail_failures_total', 'Sends that failed, by kind and what came of the mail (retry later, dead-lettered)', ['kind', 'outcome']);
  let counts: QueueCounts = { queued: 0, retrying: 0, sent: 0, dead: 0 };
  deps.metrics.labelledGaugeOf('mail_queue', 'Mails in the queue by state (queued, retrying, dead)', ['state'], () =>
    (['queued', 'retrying', 'dead'] as const).map((state) => ({ labels: { state }, value: counts[state] })),
  );
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = true;

  async function deliver(mail: QueuedMail): Promise<void> {
    try {
      await transport.send({
        from: deps.from,
        to: mail.recipient,
        messageId: mail.message_id,
        subject: mail.subject,
        text: mail.text_body,
        html: mail.html_body,
        headers: mail.headers,
        link: mail.link,
      });
      await markSent(db, mail.id, clock.now());
      sent.inc({ service: deps.metrics.service, kind: mail.kind });
    } catch (err) {
      const failure = sendFailureOf(err);
      const outcome = afterFailure(failure, mail.attempts, new Date(mail.created_at), clock.now(), policy);
      if (outcome.kind === 'dead') {
        await markDead(db, mail.id, outcome.reason);
        logger.warn({ mailId: mail.id, kind: mail.kind, attempts: mail.attempts, reason: outcome.reason }, 'mail dead-lettered');
      } else {
        await markRetry(db, mail.id, outcome.at, failure.message);
        logger.info({ mailId: mail.id, kind: mail.kind, attempts: mail.attempts, retryAt: outcome.at.toISOString(), reason: failure.message }, 'mail send failed; will retry');
      }
      failed.inc({ service: deps.metrics.service, kind: mail.kind, outcome: outcome.kind });
    }
  }

  async function pass(): Promise<void> {
    for (;;) {
      const now = clock.now();
      const due = await claimDueMails(db, now, new Date(now.getTime() + LEASE_MS), BATCH);
      for (const mail of due) await deliver(mail);
      if (due.length < BATCH || stopped) break;
    }
    counts = await queueCounts(db);
  }

  function run(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = pass()
      .catch((err: unknown) => logger.warn({ err }, 'mail delivery pass failed; will retry'))
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          void run();
        }
      });
    return running;
  }

  return {
    /** Look at the queue now (a mail was just queued). */
    kick(): void {
      if (!stopped) void run();
    },
    /** One pass, awaited: what was due is sent or rescheduled. */
    runOnce: run,
    start(): void {
      stopped = false;
      timer = setInterval(() => void run(), deps.pollMs);
      timer.unref();
      void run();
    },
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
