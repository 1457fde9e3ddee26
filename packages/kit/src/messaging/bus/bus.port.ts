import type { DomainEvent } from '@warriors/contracts';

/**
 * The event types a NATS subject filter matches, as a template: '*' is one token, '>' the rest
 * (event types are two tokens, so both read as any text there).
 */
type SubjectPattern<S extends string> = S extends '>' | '*'
  ? string
  : S extends `*.${infer Rest}`
    ? `${string}.${SubjectPattern<Rest>}`
    : S extends `${infer Token}.${infer Rest}`
      ? `${Token}.${SubjectPattern<Rest>}`
      : S;

/**
 * The events a subscription to the filters S receives, e.g. EventOn<'user.>'> is the three user
 * events: a handler is typed by what it consumes, so a new event type elsewhere in the union leaves
 * it as it is. A filter not known at compile time (plain string) receives any DomainEvent. `E` is
 * the event union, there for tests that add a type to it.
 */
export type EventOn<S extends string, E extends { type: string } = DomainEvent> = string extends S ? E : Extract<E, { type: SubjectPattern<S> }>;

/**
 * What a consumer's handler decides; thrown errors mean "retry later" (nak with backoff), or, for a
 * dependency failure, "retry shortly, without counting the attempt".
 */
export type HandlerOutcome = void;

export interface PublishOptions {
  /** De-duplication key (JetStream Nats-Msg-Id). Defaults to the event id. */
  msgId?: string;
}

export interface ConsumerOptions<S extends string = string> {
  /** Durable consumer name: every process using the same name shares the work (queue group). */
  durable: string;
  /**
   * Subjects this consumer receives, e.g. ['user.>']; written in place (or `as const`), they type
   * the handler's events (EventOn). An event whose type they do not match is logged and acked.
   */
  subjects: readonly S[];
  /** Deliveries before the message is dead-lettered. */
  maxDeliver?: number;
  /** Redelivery delay after a failed handler, in ms. */
  ackWaitMs?: number;
  /**
   * A handler failing for a dependency (isDependencyFailure: database, Redis or broker away) keeps its
   * message and runs again after this many ms (default 500, doubling up to 5 s), for as long as the
   * outage lasts: such failures never count towards maxDeliver.
   */
  dependencyRetryMs?: number;
  /**
   * Messages one process handles at once (default 1). Above 1 the order between messages is no
   * longer kept, so only handlers that serialize what must be serialized (e.g. per user) ask for it.
   * The in-process adapter delivers in order one at a time: its handlers do no network round trips.
   */
  concurrency?: number;
}

export interface BatchConsumerOptions<S extends string = string> extends ConsumerOptions<S> {
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

export type EventHandler<E extends DomainEvent = DomainEvent> = (event: E, meta: { subject: string; deliveries: number }) => Promise<void>;

export interface BatchItem<E extends DomainEvent = DomainEvent> {
  event: E;
  subject: string;
  deliveries: number;
}

/**
 * Applies a batch as a whole: resolving acks every message in it. Throwing sends each message
 * through the handler again on its own (a batch of one), so one poison message is retried and
 * dead-lettered alone while the others are acked.
 */
export type BatchHandler<E extends DomainEvent = DomainEvent> = (items: Array<BatchItem<E>>) => Promise<void>;

export type RequestHandler = (payload: unknown) => Promise<unknown>;

/** A durable consumer as the broker counts it (JetStream's consumer info), for the process's metrics. */
export interface ConsumerState {
  /** The broker's name for it (the NATS adapter makes one per subject filter: `<durable>_<filter>`). */
  durable: string;
  /** Messages of the stream not yet handed to it: its lag. */
  pending: number;
  /** Handed to it and not acknowledged yet. */
  ackPending: number;
  /** Of those, messages delivered more than once. */
  redelivered: number;
}

export interface Subscription {
  stop(): Promise<void>;
}

/**
 * The bus port. Two adapters implement it (NATS JetStream and in-process) and both pass
 * one contract suite: durable at-least-once delivery, msg-id de-duplication, shared durable
 * consumers, dead-lettering after maxDeliver, request/reply, and the same payload limit.
 */
export interface Bus {
  /** Rejects with PayloadTooLargeError, sending nothing, when the event's message exceeds maxPayload(). */
  publish(event: DomainEvent, options?: PublishOptions): Promise<void>;
  /** The most bytes one published message may take (NATS: the server's max_payload, headers included). */
  maxPayload(): number;
  consume<S extends string>(options: ConsumerOptions<S>, handler: EventHandler<EventOn<S>>): Promise<Subscription>;
  /** Like consume, with the messages handed over in batches (see BatchConsumerOptions). */
  consumeBatch<S extends string>(options: BatchConsumerOptions<S>, handler: BatchHandler<EventOn<S>>): Promise<Subscription>;
  /** Called when a message exhausts maxDeliver; the service stores it in its dead-letter table. */
  onDeadLetter(listener: (letter: DeadLetter) => Promise<void> | void): void;
  request<T = unknown>(subject: string, payload: unknown, timeoutMs: number): Promise<T>;
  reply(subject: string, handler: RequestHandler): Promise<Subscription>;
  /** Fire-and-forget, non-durable subject (for live effects replies). */
  publishTransient(subject: string, payload: unknown): Promise<void>;
  subscribeTransient(subject: string, handler: (payload: unknown) => void): Promise<Subscription>;
  /**
   * Calls `listener` each time the connection comes back after a loss, with how long it was lost: what
   * transient subjects carried meanwhile never reached this process (durable consumers catch up by
   * themselves). The in-process bus is never cut off, so never calls it. Answers the listener's removal.
   */
  onReconnect(listener: (outage: { lostForMs: number }) => void): () => void;
  isReady(): Promise<boolean>;
  /** The durable consumers this handle consumes from (since it was opened), as the broker counts them now. */
  consumerStates(): Promise<ConsumerState[]>;
  close(): Promise<void>;
}
