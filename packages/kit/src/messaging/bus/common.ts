import { setTimeout as sleep } from 'node:timers/promises';
import { DomainEvent } from '@warriors/contracts';
import { isDependencyFailure } from '../../http/errors';
import type { BatchHandler, BatchItem, ConsumerOptions, DeadLetter, EventHandler } from './bus.port';

/** pino-compatible subset, so services can pass their logger unchanged. */
export interface BusLogger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export const consoleLogger: BusLogger = {
  warn: (obj, msg) => console.warn(msg, obj),
  error: (obj, msg) => console.error(msg, obj),
};

export const DEFAULT_MAX_DELIVER = 5;
/** JetStream's own default ack wait, so both adapters redeliver on the same schedule. */
export const DEFAULT_ACK_WAIT_MS = 30_000;
export const DEDUPE_WINDOW_MS = 2 * 60_000;
/** First wait before a handler that failed for a dependency runs again; it doubles up to the cap. */
export const DEFAULT_DEPENDENCY_RETRY_MS = 500;
export const MAX_DEPENDENCY_RETRY_MS = 5_000;

/** Subjects of every domain event family; the NATS stream covers them all. */
export const EVENT_SUBJECTS = ['user.>', 'mail.>', 'activity.>', 'points.>', 'badge.>', 'campaign.>', 'challenge.>', 'pulse.>', 'streak.>', 'rank.>', 'kudos.>'] as const;

export type DeadLetterListener = (letter: DeadLetter) => Promise<void> | void;

/** Both adapters use the same wording so callers can match on 'timeout' whichever bus runs. */
export const requestTimeout = (subject: string, timeoutMs: number): Error => new Error(`request timeout: no reply on ${subject} within ${timeoutMs} ms`);
export const noResponders = (subject: string): Error => new Error(`request timeout: nobody answers ${subject} (no responders)`);

/** What the transport must do with a delivered message once it has been processed. */
export type Verdict = 'ack' | 'nak' | 'term';

export interface Delivery {
  subject: string;
  payload: string;
  durable: string;
  deliveries: number;
  maxDeliver: number;
}

/** What a consumer's deliveries are processed with, beyond the handler. */
export interface DeliveryContext {
  listeners: readonly DeadLetterListener[];
  logger: BusLogger;
  /** First wait before a dependency failure is retried (see DEFAULT_DEPENDENCY_RETRY_MS). */
  dependencyRetryMs: number;
  /** Aborted when the consumer stops: a message waiting out a dependency is handed back. */
  stopping: AbortSignal;
}

const errorText = (err: unknown): string => (err instanceof Error ? err.message : String(err));

const STOPPED = Symbol('stopped');

/**
 * Runs `attempt` until it succeeds or fails for a reason other than a dependency: a database,
 * Redis or broker that is away says nothing about the message, so the message is kept (the
 * transport's heartbeat keeps it ours) and tried again after a short wait, however long the outage,
 * instead of spending its deliveries towards the dead-letter table. Answers STOPPED when the
 * consumer stops meanwhile.
 */
async function outlastingDependencies<T>(attempt: () => Promise<T>, context: DeliveryContext, about: object): Promise<T | typeof STOPPED> {
  let waitMs = context.dependencyRetryMs;
  for (;;) {
    try {
      return await attempt();
    } catch (err) {
      if (!isDependencyFailure(err)) throw err;
      if (context.stopping.aborted) return STOPPED;
      context.logger.warn({ ...about, err: errorText(err), retryInMs: waitMs }, 'dependency unavailable, will retry');
      await sleep(waitMs, undefined, { signal: context.stopping }).catch(() => undefined);
      if (context.stopping.aborted) return STOPPED;
      waitMs = Math.min(waitMs * 2, MAX_DEPENDENCY_RETRY_MS);
    }
  }
}

/**
 * The delivery rules shared by both adapters, so their behaviour cannot drift apart:
 * invalid payloads and exhausted messages are dead-lettered, failures before the last
 * delivery are retried, dependency failures are retried in place and never counted.
 * The transports let a message be delivered any number of times; the bound is kept here.
 */
export async function processDelivery(delivery: Delivery, handler: EventHandler, context: DeliveryContext): Promise<Verdict> {
  const { listeners, logger } = context;
  const about = { durable: delivery.durable, subject: delivery.subject, deliveries: delivery.deliveries };
  const deadLetter = async (error: string): Promise<Verdict> => {
    const letter: DeadLetter = {
      subject: delivery.subject,
      durable: delivery.durable,
      deliveries: delivery.deliveries,
      error,
      payload: delivery.payload,
    };
    try {
      const stored = await outlastingDependencies(
        async () => {
          for (const listener of listeners) await listener(letter);
        },
        context,
        about,
      );
      // Delivered again, past maxDeliver, so the next consumer dead-letters it without running the handler.
      if (stored === STOPPED) return 'nak';
      if (listeners.length === 0) logger.error({ letter }, 'dead letter with no listener');
      return 'term';
    } catch (err) {
      // One extra delivery is allowed for exactly this retry; after it the letter can only be logged.
      if (delivery.deliveries <= delivery.maxDeliver) {
        logger.warn({ letter, err: errorText(err) }, 'dead-letter listener failed, will retry');
        return 'nak';
      }
      logger.error({ letter, err: errorText(err) }, 'dead-letter listener failed, letter dropped');
      return 'term';
    }
  };

  let event: DomainEvent;
  try {
    event = DomainEvent.parse(JSON.parse(delivery.payload));
  } catch (err) {
    return deadLetter(`invalid event: ${errorText(err)}`);
  }
  if (delivery.deliveries > delivery.maxDeliver) {
    // The last attempt never settled (process died, or its dead-letter listener failed or was
    // stopped), so the handler does not run again.
    return deadLetter(`not acknowledged after ${delivery.maxDeliver} deliveries`);
  }
  try {
    const outcome = await outlastingDependencies(() => handler(event, { subject: delivery.subject, deliveries: delivery.deliveries }), context, about);
    return outcome === STOPPED ? 'nak' : 'ack';
  } catch (err) {
    if (delivery.deliveries >= delivery.maxDeliver) return deadLetter(errorText(err));
    // Said, not only retried: the next delivery comes an ack wait later, and the operator sees why.
    logger.warn({ ...about, err: errorText(err) }, 'handler failed, the message will be delivered again');
    return 'nak';
  }
}

/** A per-message handler seen as a batch handler that is handed batches of one. */
export const oneByOne =
  <E extends DomainEvent>(handler: EventHandler<E>): BatchHandler<E> =>
  async ([item]) =>
    handler(item!.event, { subject: item!.subject, deliveries: item!.deliveries });

/**
 * A subscription's handler as the transport runs it: only events that its subjects match reach it,
 * as its type (EventOn) promises. Another one (a message whose subject and event type disagree) is
 * logged and acked: no redelivery would make it an event this consumer applies.
 */
export function onItsSubjects<E extends DomainEvent>(options: ConsumerOptions, logger: BusLogger, handler: BatchHandler<E>): BatchHandler {
  const matches = (item: BatchItem): item is BatchItem<E> => options.subjects.some((filter) => subjectMatches(filter, item.event.type));
  return async (items) => {
    const matching: Array<BatchItem<E>> = [];
    for (const item of items) {
      if (matches(item)) matching.push(item);
      else logger.warn({ eventId: item.event.id, type: item.event.type, durable: options.durable }, "event not on the consumer's subjects, skipped");
    }
    if (matching.length > 0) await handler(matching);
  };
}

/** A batch handler seen as a per-message one: the batch of one that isolates a message. */
export const singly =
  (handler: BatchHandler): EventHandler =>
  (event, meta) =>
    handler([{ event, ...meta }]);

/**
 * The batch rules shared by both adapters: messages that are invalid or exhausted are dead-lettered
 * on their own (as in processDelivery); the rest go to the handler together, all acked if it
 * resolves, and retried together while it fails for a dependency. If it throws otherwise, each goes
 * through processDelivery alone, so one poison message is retried and dead-lettered by itself
 * instead of holding back the batch. Answers a verdict per delivery.
 */
export async function processBatch(deliveries: readonly Delivery[], handler: BatchHandler, context: DeliveryContext): Promise<Verdict[]> {
  const one = singly(handler);
  if (deliveries.length === 1) return [await processDelivery(deliveries[0]!, one, context)];
  const verdicts: Verdict[] = new Array<Verdict>(deliveries.length).fill('nak');
  const items: BatchItem[] = [];
  const positions: number[] = [];
  for (const [i, delivery] of deliveries.entries()) {
    let event: DomainEvent | undefined;
    try {
      event = DomainEvent.parse(JSON.parse(delivery.payload));
    } catch {
      event = undefined;
    }
    if (event === undefined || delivery.deliveries > delivery.maxDeliver) {
      verdicts[i] = await processDelivery(delivery, one, context);
      continue;
    }
    items.push({ event, subject: delivery.subject, deliveries: delivery.deliveries });
    positions.push(i);
  }
  if (items.length === 0) return verdicts;
  try {
    const outcome = await outlastingDependencies(() => handler(items), context, { durable: deliveries[0]!.durable, size: items.length });
    if (outcome !== STOPPED) for (const i of positions) verdicts[i] = 'ack';
  } catch (err) {
    context.logger.warn({ err: errorText(err), size: items.length }, 'batch failed, applying its messages one by one');
    for (const i of positions) verdicts[i] = await processDelivery(deliveries[i]!, one, context);
  }
  return verdicts;
}

/** NATS subject matching: '*' is one token, '>' is one or more trailing tokens. */
export function subjectMatches(filter: string, subject: string): boolean {
  const f = filter.split('.');
  const s = subject.split('.');
  for (let i = 0; i < f.length; i++) {
    if (f[i] === '>') return s.length > i;
    if (i >= s.length) return false;
    if (f[i] !== '*' && f[i] !== s[i]) return false;
  }
  return f.length === s.length;
}
