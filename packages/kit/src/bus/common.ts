import { DomainEvent } from '@warriors/contracts';
import type { BatchHandler, BatchItem, DeadLetter, EventHandler } from './bus.port';

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

/** Subjects of every domain event family; the NATS stream covers them all. */
export const EVENT_SUBJECTS = [
  'user.>',
  'activity.>',
  'points.>',
  'badge.>',
  'campaign.>',
  'challenge.>',
  'pulse.>',
  'streak.>',
  'rank.>',
] as const;

export type DeadLetterListener = (letter: DeadLetter) => Promise<void> | void;

/** Both adapters use the same wording so callers can match on 'timeout' whichever bus runs. */
export const requestTimeout = (subject: string, timeoutMs: number): Error =>
  new Error(`request timeout: no reply on ${subject} within ${timeoutMs} ms`);
export const noResponders = (subject: string): Error =>
  new Error(`request timeout: nobody answers ${subject} (no responders)`);

/** What the transport must do with a delivered message once it has been processed. */
export type Verdict = 'ack' | 'nak' | 'term';

export interface Delivery {
  subject: string;
  payload: string;
  durable: string;
  deliveries: number;
  maxDeliver: number;
}

const errorText = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/**
 * The delivery rules shared by both adapters, so their behaviour cannot drift apart:
 * invalid payloads and exhausted messages are dead-lettered, failures before the last
 * delivery are retried.
 */
export async function processDelivery(
  delivery: Delivery,
  handler: EventHandler,
  listeners: readonly DeadLetterListener[],
  logger: BusLogger,
): Promise<Verdict> {
  const deadLetter = async (error: string): Promise<Verdict> => {
    const letter: DeadLetter = {
      subject: delivery.subject,
      durable: delivery.durable,
      deliveries: delivery.deliveries,
      error,
      payload: delivery.payload,
    };
    try {
      for (const listener of listeners) await listener(letter);
      if (listeners.length === 0) logger.error({ letter }, 'dead letter with no listener');
      return 'term';
    } catch (err) {
      // One extra delivery is reserved (see the adapters' max_deliver + 1) for exactly this retry;
      // after it the letter can only be logged.
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
    // Reached only through the reserved extra delivery: the last attempt never settled
    // (process died, or its dead-letter listener failed), so the handler does not run again.
    return deadLetter(`not acknowledged after ${delivery.maxDeliver} deliveries`);
  }
  try {
    await handler(event, { subject: delivery.subject, deliveries: delivery.deliveries });
    return 'ack';
  } catch (err) {
    if (delivery.deliveries >= delivery.maxDeliver) return deadLetter(errorText(err));
    return 'nak';
  }
}

/** A batch handler seen as a per-message one: the batch of one that isolates a message. */
export const singly = (handler: BatchHandler): EventHandler => (event, meta) => handler([{ event, ...meta }]);

/**
 * The batch rules shared by both adapters: messages that are invalid or exhausted are dead-lettered
 * on their own (as in processDelivery); the rest go to the handler together, all acked if it
 * resolves. If it throws, each goes through processDelivery alone, so one poison message is retried
 * and dead-lettered by itself instead of holding back the batch. Answers a verdict per delivery.
 */
export async function processBatch(
  deliveries: readonly Delivery[],
  handler: BatchHandler,
  listeners: readonly DeadLetterListener[],
  logger: BusLogger,
): Promise<Verdict[]> {
  const one = singly(handler);
  if (deliveries.length === 1) return [await processDelivery(deliveries[0]!, one, listeners, logger)];
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
      verdicts[i] = await processDelivery(delivery, one, listeners, logger);
      continue;
    }
    items.push({ event, subject: delivery.subject, deliveries: delivery.deliveries });
    positions.push(i);
  }
  if (items.length === 0) return verdicts;
  try {
    await handler(items);
    for (const i of positions) verdicts[i] = 'ack';
  } catch (err) {
    logger.warn({ err: errorText(err), size: items.length }, 'batch failed, applying its messages one by one');
    for (const i of positions) verdicts[i] = await processDelivery(deliveries[i]!, one, listeners, logger);
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
