import { DomainEvent } from '@warriors/contracts';
import type { DeadLetter, EventHandler } from './bus.port';

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
