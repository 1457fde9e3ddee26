import type { DomainEvent } from '@warriors/contracts';

/** What a consumer's handler decides; thrown errors mean "retry later" (nak with backoff). */
export type HandlerOutcome = void;

export interface PublishOptions {
  /** De-duplication key (JetStream Nats-Msg-Id). Defaults to the event id. */
  msgId?: string;
}

export interface ConsumerOptions {
  /** Durable consumer name: every process using the same name shares the work (queue group). */
  durable: string;
  /** Subjects this consumer receives, e.g. ['user.>'] */
  subjects: string[];
  /** Deliveries before the message is dead-lettered. */
  maxDeliver?: number;
  /** Redelivery delay after a failed handler, in ms. */
  ackWaitMs?: number;
  /**
   * Messages one process handles at once (default 1). Above 1 the order between messages is no
   * longer kept, so only handlers that serialize what must be serialized (e.g. per user) ask for it.
   * The in-process adapter delivers in order one at a time: its handlers do no network round trips.
   */
  concurrency?: number;
}

export interface BatchConsumerOptions extends ConsumerOptions {
  /**
   * Up to `max` messages per handler call. A batch is what has arrived when a handler is free (never
   * fewer than one message); `maxWaitMs` (default 0) lets a batch that is not full wait that long
   * for more. With `concurrency` above 1, that many batches run at once.
   */
  batch: { max: number; maxWaitMs?: number };
}

export interface DeadLetter {
  subject: string;
  durable: string;
  deliveries: number;
  error: string;
  payload: string;
}

export type EventHandler = (event: DomainEvent, meta: { subject: string; deliveries: number }) => Promise<void>;

export interface BatchItem {
  event: DomainEvent;
  subject: string;
  deliveries: number;
}

/**
 * Applies a batch as a whole: resolving acks every message in it. Throwing sends each message
 * through the handler again on its own (a batch of one), so one poison message is retried and
 * dead-lettered alone while the others are acked.
 */
export type BatchHandler = (items: BatchItem[]) => Promise<void>;

export type RequestHandler = (payload: unknown) => Promise<unknown>;

export interface Subscription {
  stop(): Promise<void>;
}

/**
 * The bus port. Two adapters implement it (NATS JetStream and in-process) and both pass
 * one contract suite: durable at-least-once delivery, msg-id de-duplication, shared durable
 * consumers, dead-lettering after maxDeliver, and request/reply.
 */
export interface Bus {
  publish(event: DomainEvent, options?: PublishOptions): Promise<void>;
  consume(options: ConsumerOptions, handler: EventHandler): Promise<Subscription>;
  /** Like consume, with the messages handed over in batches (see BatchConsumerOptions). */
  consumeBatch(options: BatchConsumerOptions, handler: BatchHandler): Promise<Subscription>;
  /** Called when a message exhausts maxDeliver; the service stores it in its dead-letter table. */
  onDeadLetter(listener: (letter: DeadLetter) => Promise<void> | void): void;
  request<T = unknown>(subject: string, payload: unknown, timeoutMs: number): Promise<T>;
  reply(subject: string, handler: RequestHandler): Promise<Subscription>;
  /** Fire-and-forget, non-durable subject (for live effects replies). */
  publishTransient(subject: string, payload: unknown): Promise<void>;
  subscribeTransient(subject: string, handler: (payload: unknown) => void): Promise<Subscription>;
  isReady(): Promise<boolean>;
  close(): Promise<void>;
}
