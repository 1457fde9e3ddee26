import { performance } from 'node:perf_hooks';
import type { DomainEvent } from '@warriors/contracts';
import type { BatchHandler, Bus, ConsumerOptions, ConsumerState, PublishOptions, RequestHandler, Subscription } from './bus.port';
import {
  consoleLogger,
  DEDUPE_WINDOW_MS,
  DEFAULT_ACK_WAIT_MS,
  DEFAULT_DEPENDENCY_RETRY_MS,
  DEFAULT_MAX_DELIVER,
  noResponders,
  onItsSubjects,
  oneByOne,
  processBatch,
  requestTimeout,
  subjectMatches,
  type BusLogger,
  type DeadLetterListener,
} from './common';
import { assertFits, DEFAULT_MAX_PAYLOAD_BYTES } from './payload-limit';

export interface MemoryBrokerOptions {
  /** Clock for the msg-id de-duplication window (injectable so the window is testable). */
  now?: () => number;
  /** Hard cap on retained messages; beyond it the oldest are evicted even if unacked. */
  maxMessages?: number;
  /** The largest message it takes, in bytes; defaults to NATS's default max_payload. */
  maxPayloadBytes?: number;
  logger?: BusLogger;
}

interface StoredMessage {
  seq: number;
  subject: string;
  payload: string;
}

interface Pending {
  deliveries: number;
  /** performance.now() time before which a nak'ed message is not redelivered. */
  readyAt: number;
  inFlight: boolean;
}

interface Worker {
  handler: BatchHandler;
  /** Messages per handler call: what is waiting when the worker is free, up to this many. */
  batchMax: number;
  listeners: readonly DeadLetterListener[];
  dependencyRetryMs: number;
  /** Aborted on detach, so a batch waiting out a dependency is handed back at once. */
  stopping: AbortController;
  busy: boolean;
  stopped: boolean;
  current: Promise<void>;
}

interface Durable {
  name: string;
  subjects: readonly string[];
  maxDeliver: number;
  ackWaitMs: number;
  /** Next stream sequence never delivered to this durable. */
  nextSeq: number;
  /** Delivered but not acked (in flight or waiting for redelivery). */
  pending: Map<number, Pending>;
  workers: Worker[];
  roundRobin: number;
  wake?: NodeJS.Timeout;
}

interface TransientSub {
  subject: string;
  handler: (payload: unknown) => void;
}

interface Replier {
  subject: string;
  handler: RequestHandler;
}

const roundTrip = (value: unknown): unknown => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));
const nextTick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * The in-process "server": one per embedded process, shared by every service's Bus handle,
 * mirroring a JetStream stream with limits retention and durable pull consumers.
 */
export class MemoryBroker {
  private readonly now: () => number;
  private readonly maxMessages: number;
  readonly maxPayloadBytes: number;
  readonly logger: BusLogger;
  private log: StoredMessage[] = [];
  private lastSeq = 0;
  private readonly dedupe = new Map<string, number>();
  private readonly durables = new Map<string, Durable>();
  readonly transients = new Set<TransientSub>();
  readonly repliers: Replier[] = [];
  private replyTurn = 0;

  constructor(options: MemoryBrokerOptions = {}) {
    this.now = options.now ?? Date.now;
    this.maxMessages = options.maxMessages ?? 100_000;
    this.maxPayloadBytes = options.maxPayloadBytes ?? DEFAULT_MAX_PAYLOAD_BYTES;
    this.logger = options.logger ?? consoleLogger;
  }

  /** Messages still held, for health metrics: bounded by acks and by maxMessages. */
  retainedCount(): number {
    return this.log.length;
  }

  /** A durable as JetStream's consumer info counts it: not yet delivered, delivered and unacked, redelivered. */
  consumerState(name: string): ConsumerState | undefined {
    const d = this.durables.get(name);
    if (!d) return undefined;
    let pending = 0;
    for (let seq = d.nextSeq, m = this.message(seq); m; m = this.message(++seq)) {
      if (d.subjects.some((s) => subjectMatches(s, m!.subject))) pending++;
    }
    let redelivered = 0;
    for (const p of d.pending.values()) if (p.deliveries > 1) redelivered++;
    return { durable: name, pending, ackPending: d.pending.size, redelivered };
  }

  /** Returns false when the msg id was already seen within the window (like a duplicate PubAck). */
  publish(subject: string, msgId: string, payload: string): boolean {
    const now = this.now();
    for (const [id, expiresAt] of this.dedupe) {
      if (expiresAt > now) break; // insertion order is expiry order
      this.dedupe.delete(id);
    }
    if (this.dedupe.has(msgId)) return false;
    this.dedupe.set(msgId, now + DEDUPE_WINDOW_MS);
    this.log.push({ seq: ++this.lastSeq, subject, payload });
    this.trim();
    for (const durable of this.durables.values()) this.pump(durable);
    return true;
  }

  attach(options: ConsumerOptions, handler: BatchHandler, batchMax: number, listeners: readonly DeadLetterListener[]): Worker & { durable: Durable } {
    let durable = this.durables.get(options.durable);
    if (!durable) {
      // DeliverPolicy.All: a new durable starts at the oldest retained message.
      durable = { name: options.durable, subjects: [], maxDeliver: 0, ackWaitMs: 0, nextSeq: this.firstSeq(), pending: new Map(), workers: [], roundRobin: 0 };
      this.durables.set(options.durable, durable);
    }
    // Like a JetStream consumer update: the latest consume() call defines the durable.
    durable.subjects = options.subjects;
    durable.maxDeliver = options.maxDeliver ?? DEFAULT_MAX_DELIVER;
    durable.ackWaitMs = options.ackWaitMs ?? DEFAULT_ACK_WAIT_MS;
    const worker = {
      handler,
      batchMax: Math.max(1, batchMax),
      listeners,
      dependencyRetryMs: options.dependencyRetryMs ?? DEFAULT_DEPENDENCY_RETRY_MS,
      stopping: new AbortController(),
      busy: false,
      stopped: false,
      current: Promise.resolve(),
      durable,
    };
    durable.workers.push(worker);
    this.pump(durable);
    return worker;
  }

  async detach(durable: Durable, worker: Worker): Promise<void> {
    worker.stopped = true;
    worker.stopping.abort();
    durable.workers = durable.workers.filter((w) => w !== worker);
    if (durable.workers.length === 0 && durable.wake) {
      clearTimeout(durable.wake);
      durable.wake = undefined;
    }
    await worker.current;
  }

  request(subject: string, payload: unknown, timeoutMs: number): Promise<unknown> {
    const candidates = this.repliers.filter((r) => subjectMatches(r.subject, subject));
    if (candidates.length === 0) return Promise.reject(noResponders(subject));
    // Queue-group semantics: one responder answers each request.
    const replier = candidates[this.replyTurn++ % candidates.length]!;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(requestTimeout(subject, timeoutMs)), timeoutMs);
      void nextTick()
        .then(() => replier.handler(roundTrip(payload)))
        .then(
          (result) => resolve(roundTrip(result)),
          (err: unknown) => reject(new Error(err instanceof Error ? err.message : String(err))),
        )
        .finally(() => clearTimeout(timer));
    });
  }

  publishTransient(subject: string, payload: unknown): void {
    const json = JSON.stringify(payload);
    for (const sub of this.transients) {
      if (!subjectMatches(sub.subject, subject)) continue;
      setImmediate(() => {
        if (!this.transients.has(sub)) return;
        try {
          sub.handler(JSON.parse(json));
        } catch (err) {
          this.logger.error({ subject, err }, 'transient handler failed');
        }
      });
    }
  }

  private firstSeq(): number {
    return this.log[0]?.seq ?? this.lastSeq + 1;
  }

  private message(seq: number): StoredMessage | undefined {
    return this.log[seq - this.firstSeq()];
  }

  /** Drops what every durable has acked, then enforces the cap. */
  private trim(): void {
    if (this.durables.size > 0) {
      let floor = Infinity;
      for (const d of this.durables.values()) floor = Math.min(floor, d.nextSeq, ...d.pending.keys());
      const acked = this.log.findIndex((m) => m.seq >= floor);
      this.log.splice(0, acked === -1 ? this.log.length : acked);
    }
    const excess = this.log.length - this.maxMessages;
    if (excess <= 0) return;
    this.log.splice(0, excess);
    const first = this.firstSeq();
    for (const d of this.durables.values()) {
      let lost = Math.max(0, first - d.nextSeq);
      d.nextSeq = Math.max(d.nextSeq, first);
      for (const seq of d.pending.keys()) {
        if (seq < first) {
          // An in-flight delivery still settles, but a nak can no longer bring it back.
          d.pending.delete(seq);
          lost++;
        }
      }
      if (lost > 0) this.logger.error({ durable: d.name, lost }, 'retention cap evicted unacked messages');
    }
  }

  private pump(d: Durable): void {
    for (;;) {
      const idle = d.workers.filter((w) => !w.busy);
      if (idle.length === 0) return;
      const first = this.nextFor(d);
      if (first === undefined) return;
      const worker = idle[d.roundRobin++ % idle.length]!;
      const batch: Array<{ message: StoredMessage; pending: Pending }> = [];
      // Each taken message is marked in flight before the next is looked up, so none is taken twice.
      for (let seq: number | undefined = first; seq !== undefined; seq = batch.length < worker.batchMax ? this.nextFor(d) : undefined) {
        const pending = d.pending.get(seq) ?? { deliveries: 0, readyAt: 0, inFlight: false };
        pending.deliveries++;
        pending.inFlight = true;
        d.pending.set(seq, pending);
        batch.push({ message: this.message(seq)!, pending });
      }
      worker.busy = true;
      worker.current = this.deliver(d, worker, batch);
    }
  }

  /** Redeliveries that are due come first, then the next new message matching the durable. */
  private nextFor(d: Durable): number | undefined {
    const now = performance.now();
    let due: number | undefined;
    let wakeAt = Infinity;
    for (const [seq, p] of d.pending) {
      if (p.inFlight) continue;
      if (p.readyAt <= now) due = Math.min(due ?? seq, seq);
      else wakeAt = Math.min(wakeAt, p.readyAt);
    }
    if (due !== undefined) return due;
    for (let m = this.message(d.nextSeq); m; m = this.message(d.nextSeq)) {
      d.nextSeq++;
      if (d.subjects.some((s) => subjectMatches(s, m!.subject))) return m.seq;
    }
    if (wakeAt < Infinity && !d.wake) {
      d.wake = setTimeout(() => {
        d.wake = undefined;
        this.pump(d);
      }, wakeAt - now);
    }
    return undefined;
  }

  private async deliver(d: Durable, worker: Worker, batch: Array<{ message: StoredMessage; pending: Pending }>): Promise<void> {
    await nextTick(); // the publisher never waits for a handler
    const verdicts = await processBatch(
      batch.map(({ message, pending }) => ({ subject: message.subject, payload: message.payload, durable: d.name, deliveries: pending.deliveries, maxDeliver: d.maxDeliver })),
      worker.handler,
      { listeners: worker.listeners, logger: this.logger, dependencyRetryMs: worker.dependencyRetryMs, stopping: worker.stopping.signal },
    );
    for (const [i, { message, pending }] of batch.entries()) {
      pending.inFlight = false;
      if (verdicts[i] === 'nak') pending.readyAt = performance.now() + d.ackWaitMs;
      else d.pending.delete(message.seq);
    }
    worker.busy = false;
    this.trim();
    this.pump(d);
  }
}

export interface MemoryBusOptions extends MemoryBrokerOptions {
  /** Share one broker between the handles of every service in the process. */
  broker?: MemoryBroker;
}

export interface MemoryBus extends Bus {
  readonly broker: MemoryBroker;
}

/**
 * The in-process adapter for the single-process embedded mode. Each handle is like one NATS
 * connection: closing it stops only its own consumers and responders.
 */
export function createMemoryBus(options: MemoryBusOptions = {}): MemoryBus {
  const broker = options.broker ?? new MemoryBroker(options);
  const listeners: DeadLetterListener[] = [];
  const subscriptions = new Set<Subscription>();
  /** The durables this handle consumes from, for consumerStates(). */
  const durableNames = new Set<string>();
  let closed = false;

  const open = (): void => {
    if (closed) throw new Error('bus is closed');
  };
  const track = (stop: () => Promise<void> | void): Subscription => {
    const sub: Subscription = {
      stop: async () => {
        if (!subscriptions.delete(sub)) return;
        await stop();
      },
    };
    subscriptions.add(sub);
    return sub;
  };

  return {
    broker,
    async publish(event: DomainEvent, publishOptions?: PublishOptions) {
      open();
      const body = JSON.stringify(event);
      assertFits(body, broker.maxPayloadBytes);
      broker.publish(event.type, publishOptions?.msgId ?? event.id, body);
    },
    maxPayload() {
      return broker.maxPayloadBytes;
    },
    async consume(consumerOptions, handler) {
      open();
      const worker = broker.attach(consumerOptions, onItsSubjects(consumerOptions, broker.logger, oneByOne(handler)), 1, listeners);
      durableNames.add(consumerOptions.durable);
      return track(() => broker.detach(worker.durable, worker));
    },
    async consumeBatch(consumerOptions, handler) {
      open();
      // No maxWaitMs here: in-process handlers have no round trips for a fuller batch to save, so a
      // batch is whatever is waiting when the worker is free.
      const worker = broker.attach(consumerOptions, onItsSubjects(consumerOptions, broker.logger, handler), consumerOptions.batch.max, listeners);
      durableNames.add(consumerOptions.durable);
      return track(() => broker.detach(worker.durable, worker));
    },
    onDeadLetter(listener) {
      listeners.push(listener);
    },
    async request<T>(subject: string, payload: unknown, timeoutMs: number) {
      open();
      return (await broker.request(subject, payload, timeoutMs)) as T;
    },
    async reply(subject, handler) {
      open();
      const replier = { subject, handler };
      broker.repliers.push(replier);
      return track(() => {
        broker.repliers.splice(broker.repliers.indexOf(replier), 1);
      });
    },
    async publishTransient(subject, payload) {
      open();
      broker.publishTransient(subject, payload);
    },
    async subscribeTransient(subject, handler) {
      open();
      const sub = { subject, handler };
      broker.transients.add(sub);
      return track(() => {
        broker.transients.delete(sub);
      });
    },
    // One process: no connection to lose.
    onReconnect() {
      return () => {};
    },
    async isReady() {
      return !closed;
    },
    async consumerStates() {
      return [...durableNames].flatMap((name) => broker.consumerState(name) ?? []);
    },
    async close() {
      closed = true;
      await Promise.all([...subscriptions].map((s) => s.stop()));
    },
  };
}
