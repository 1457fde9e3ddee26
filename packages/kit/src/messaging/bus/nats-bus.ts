import { setTimeout as sleep } from 'node:timers/promises';
import { connect, errors as natsErrors, nanos, RequestError, TimeoutError } from '@nats-io/transport-node';
import {
  AckPolicy,
  DeliverPolicy,
  JetStreamApiError,
  jetstream,
  jetstreamManager,
  type ConsumerConfig,
  type ConsumerMessages,
  type JetStreamManager,
  type JsMsg,
} from '@nats-io/jetstream';
import type { BatchHandler, Bus, ConsumerOptions, ConsumerState, Subscription } from './bus.port';
import {
  consoleLogger,
  DEDUPE_WINDOW_MS,
  DEFAULT_ACK_WAIT_MS,
  DEFAULT_DEPENDENCY_RETRY_MS,
  DEFAULT_MAX_DELIVER,
  EVENT_SUBJECTS,
  noResponders,
  onItsSubjects,
  oneByOne,
  processBatch,
  requestTimeout,
  type BusLogger,
  type DeadLetterListener,
} from './common';
import { DependencyUnavailableError } from '../../http/errors';
import { assertFits, DEFAULT_MAX_PAYLOAD_BYTES } from './payload-limit';

export interface NatsBusOptions {
  servers: string | string[];
  /** Defaults to 'WARRIORS'. */
  streamName?: string;
  /** Stream subjects before prefixing; defaults to every domain event family. */
  streamSubjects?: readonly string[];
  /**
   * Prepended (with a '.') to every subject this bus touches, so tests and parallel
   * environments share a server without seeing each other's messages.
   */
  subjectPrefix?: string;
  logger?: BusLogger;
  /** How long the stream keeps an event; defaults to 30 days. */
  maxAgeMs?: number;
  /** Delay before a failed consume loop is re-created. */
  recoverDelayMs?: number;
  /** Copies of the stream the cluster keeps (JetStream num_replicas, 1-5). Unset: 1 for a new stream, an existing one keeps its count. */
  replicas?: number;
  /**
   * How long one publish keeps being sent again while JetStream does not acknowledge it (no
   * responders, timeout, 503: a stream leader change or a broker away); defaults to 30 s.
   */
  publishRetryMs?: number;
  /**
   * How long one pull request waits at the server; defaults to 10 s. The client notices a consumer
   * deleted under it from the server's notice on a waiting pull, or, when a pull reached the server
   * just after the deletion and nobody answers it, from two missed heartbeats (one per half of this):
   * it bounds how long a lost consumer goes unnoticed.
   */
  pullExpiresMs?: number;
}

const STREAM_IN_USE = 10058;
export const MAX_STREAM_REPLICAS = 5;
const DEFAULT_PUBLISH_RETRY_MS = 30_000;
const DEFAULT_PULL_EXPIRES_MS = 10_000;
/** The first wait before a JetStream request is sent again; it doubles up to the cap. */
const FIRST_RETRY_DELAY_MS = 100;
const MAX_RETRY_DELAY_MS = 2_000;
/** A publish that failed because the broker (or its JetStream) was out of reach, not because of the message. */
const brokerAway = (err: unknown): boolean =>
  err instanceof TimeoutError ||
  err instanceof natsErrors.ConnectionError ||
  err instanceof natsErrors.ClosedConnectionError ||
  err instanceof natsErrors.DrainingConnectionError ||
  // No responders: JetStream (or the stream) is not there yet, e.g. while a restarted server recovers.
  (err instanceof Error && err.cause instanceof RequestError && err.cause.isNoResponders());
/**
 * A publish JetStream did not acknowledge for a reason that says nothing about the message: the
 * broker is away, or the stream is between leaders (its replicas elect one in seconds, answering
 * nothing or 503 meanwhile). Sending it again with the same Nats-Msg-Id is safe: a copy that did
 * land is dropped by the stream's duplicate window.
 */
const unacknowledged = (err: unknown): boolean => brokerAway(err) || (err instanceof JetStreamApiError && err.status === 503);
/**
 * Runs a JetStream request again, with backoff, while it fails as `unacknowledged` says (a leader
 * being elected, a broker away), for up to budgetMs; then rethrows its last failure.
 */
async function outlastingElections<T>(request: () => Promise<T>, budgetMs: number, givenUp: () => boolean = () => false): Promise<T> {
  const giveUpAt = Date.now() + budgetMs;
  for (let delayMs = FIRST_RETRY_DELAY_MS; ; delayMs = Math.min(delayMs * 2, MAX_RETRY_DELAY_MS)) {
    try {
      return await request();
    } catch (err) {
      if (!unacknowledged(err) || givenUp() || Date.now() + delayMs >= giveUpAt) throw err;
      await sleep(delayMs);
    }
  }
}
/** The header block JetStream publishes carry (NATS wire format): it counts against max_payload too. */
const msgIdHeaderBytes = (msgId: string): number => Buffer.byteLength(`NATS/1.0\r\nNats-Msg-Id: ${msgId}\r\n\r\n`);
// Consumers keep up within seconds; a month covers any outage, and the stream stays bounded.
const DEFAULT_MAX_AGE_MS = 30 * 24 * 3600 * 1000;

export async function createNatsBus(options: NatsBusOptions): Promise<Bus> {
  const logger = options.logger ?? consoleLogger;
  const streamName = options.streamName ?? 'WARRIORS';
  const prefix = options.subjectPrefix ? `${options.subjectPrefix}.` : '';
  const full = (subject: string): string => prefix + subject;
  const bare = (subject: string): string => (subject.startsWith(prefix) ? subject.slice(prefix.length) : subject);
  const recoverDelayMs = options.recoverDelayMs ?? 1_000;
  const publishRetryMs = options.publishRetryMs ?? DEFAULT_PUBLISH_RETRY_MS;
  const pullExpiresMs = Math.max(1_000, options.pullExpiresMs ?? DEFAULT_PULL_EXPIRES_MS);
  // Every retry of a publish must fall inside the duplicate window, or a copy that did land is kept twice.
  if (publishRetryMs >= DEDUPE_WINDOW_MS) throw new Error(`publishRetryMs (${publishRetryMs}) must be shorter than the duplicate window (${DEDUPE_WINDOW_MS} ms)`);

  // Without noAsyncTraces every request and JetStream publish builds an Error up front for its stack
  // (in case it fails): a measurable share of the activity service's CPU on the logging path.
  const nc = await connect({ servers: options.servers, maxReconnectAttempts: -1, noAsyncTraces: true });
  const js = jetstream(nc);
  const jsm = await jetstreamManager(nc);
  /** When the connection was lost (Date.now()), while it is; undefined while connected. */
  let lostAt: number | undefined;
  const disconnected = (): boolean => lostAt !== undefined;
  const reconnectListeners = new Set<(outage: { lostForMs: number }) => void>();
  void (async () => {
    for await (const status of nc.status()) {
      if (status.type === 'disconnect') {
        lostAt ??= Date.now();
      } else if (status.type === 'reconnect') {
        const outage = { lostForMs: Date.now() - (lostAt ?? Date.now()) };
        lostAt = undefined;
        for (const listener of reconnectListeners) {
          try {
            listener(outage);
          } catch (err) {
            logger.error({ err }, 'reconnect listener failed');
          }
        }
      }
    }
  })();
  try {
    // A cluster answers nothing about a stream while it elects the stream's leader (at start, after a node loss or a replica change).
    await outlastingElections(
      () =>
        ensureStream(
          jsm,
          streamName,
          { subjects: (options.streamSubjects ?? EVENT_SUBJECTS).map(full), maxAgeMs: options.maxAgeMs ?? DEFAULT_MAX_AGE_MS, replicas: options.replicas },
          logger,
        ),
      publishRetryMs,
    );
  } catch (err) {
    await nc.close();
    throw err;
  }

  const listeners: DeadLetterListener[] = [];
  const subscriptions = new Set<Subscription>();
  /** The JetStream consumers this connection consumes from, for consumerStates(). */
  const consumerNames = new Set<string>();
  let closed = false;

  const track = (stop: () => Promise<void>): Subscription => {
    const sub: Subscription = {
      stop: async () => {
        if (!subscriptions.delete(sub)) return;
        await stop();
      },
    };
    subscriptions.add(sub);
    return sub;
  };

  /**
   * One JetStream durable per subject filter: the server (2.9) has no multi-filter consumers.
   * The name is derived from the filter so every process computes the same one.
   */
  const consumeSubject = async (consumer: ConsumerOptions, filter: string, handler: BatchHandler, batch: { max: number; maxWaitMs: number }): Promise<() => Promise<void>> => {
    const maxDeliver = consumer.maxDeliver ?? DEFAULT_MAX_DELIVER;
    const ackWaitMs = consumer.ackWaitMs ?? DEFAULT_ACK_WAIT_MS;
    const concurrency = Math.max(1, consumer.concurrency ?? 1);
    const batchMax = Math.max(1, batch.max);
    const name = `${consumer.durable}_${filter.replaceAll('.', '_').replaceAll('*', 'star').replaceAll('>', 'all')}`;
    const config: Partial<ConsumerConfig> = {
      durable_name: name,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: full(filter),
      // Unlimited: the server counts every delivery, also those handed back by a consumer stopped while
      // it waited out a dependency, and would drop a message silently at its limit. processDelivery
      // keeps the bound instead, dead-lettering a message delivered past maxDeliver without running
      // the handler (its last attempt never settled: process died, dead-letter listener failed).
      max_deliver: -1,
      ack_wait: nanos(ackWaitMs),
    };
    const stopping = new AbortController();
    const context = { listeners, logger, dependencyRetryMs: consumer.dependencyRetryMs ?? DEFAULT_DEPENDENCY_RETRY_MS, stopping: stopping.signal };
    const ensureConsumer = async (): Promise<void> => {
      try {
        await jsm.consumers.add(streamName, config);
      } catch (err) {
        if (!(err instanceof JetStreamApiError)) throw err;
        await jsm.consumers.update(streamName, name, { max_deliver: config.max_deliver, ack_wait: config.ack_wait });
      }
    };

    const settle = (msg: JsMsg, verdict: 'ack' | 'nak' | 'term'): void => {
      if (verdict === 'ack') {
        // Not ackAck: a confirmation per message was a request/reply on the hot path. stop() flushes
        // the connection, so the server has every ack before a stopped consumer is replaced; an ack
        // lost to a crash only means a redelivery, which the consumers' inboxes absorb.
        msg.ack();
      } else if (verdict === 'nak') {
        msg.nak(ackWaitMs);
      } else {
        // No reason text: NATS 2.9 does not parse '+TERM <reason>' and would redeliver the message.
        msg.term();
      }
    };

    const handle = async (msgs: JsMsg[]): Promise<void> => {
      // Keep the messages ours while a slow handler runs, instead of letting ack_wait hand them to another process.
      const heartbeat = setInterval(() => msgs.forEach((msg) => msg.working()), Math.max(ackWaitMs / 2, 10));
      const verdicts = await processBatch(
        msgs.map((msg) => ({ subject: bare(msg.subject), payload: msg.string(), durable: consumer.durable, deliveries: msg.info.deliveryCount, maxDeliver })),
        handler,
        context,
      ).finally(() => clearInterval(heartbeat));
      msgs.forEach((msg, i) => settle(msg, verdicts[i]!));
    };

    let stopped = false;
    let messages: ConsumerMessages | undefined;
    let wake: (() => void) | undefined;

    await outlastingElections(ensureConsumer, publishRetryMs);
    consumerNames.add(name);
    const loop = (async () => {
      while (!stopped) {
        try {
          await ensureConsumer();
          const current = await (await js.consumers.get(streamName, name)).consume({ max_messages: concurrency * batchMax, expires: pullExpiresMs });
          messages = current;
          if (stopped) {
            // stop() ran while we were connecting, before it could see this iterator.
            current.stop();
            break;
          }
          void (async () => {
            for await (const status of current.status()) {
              // The client would keep polling a consumer that no longer exists; re-create it instead.
              if (status.type === 'consumer_deleted' || status.type === 'consumer_not_found' || status.type === 'stream_not_found') {
                logger.warn({ durable: name, status: status.type }, 'consumer lost, re-creating');
                current.stop();
              }
            }
          })();
          // Up to `concurrency` handlers at once, each given what arrived while the others ran (up to
          // batchMax); the loop pulls on while fewer than concurrency * batchMax messages are held.
          const inFlight = new Set<Promise<void>>();
          let buffer: JsMsg[] = [];
          let held = 0;
          let timer: NodeJS.Timeout | undefined;
          let released: (() => void) | undefined;
          const dispatch = (force: boolean): void => {
            while (buffer.length > 0 && inFlight.size < concurrency && (force || buffer.length >= batchMax || batch.maxWaitMs === 0)) {
              if (timer) {
                clearTimeout(timer);
                timer = undefined;
              }
              const msgs = buffer.slice(0, batchMax);
              buffer = buffer.slice(msgs.length);
              const running = handle(msgs).finally(() => {
                inFlight.delete(running);
                held -= msgs.length;
                released?.();
                dispatch(false);
              });
              inFlight.add(running);
            }
            // A batch that is not full waits at most maxWaitMs for more.
            if (buffer.length > 0 && !timer && batch.maxWaitMs > 0) {
              timer = setTimeout(() => {
                timer = undefined;
                dispatch(true);
              }, batch.maxWaitMs);
            }
          };
          try {
            for await (const msg of current) {
              buffer.push(msg);
              held++;
              dispatch(false);
              while (held >= concurrency * batchMax) await new Promise<void>((resolve) => (released = resolve));
            }
          } finally {
            // Messages already fetched are still handled (not left to wait ack_wait for a redelivery).
            while (buffer.length > 0 || inFlight.size > 0) {
              dispatch(true);
              await Promise.allSettled(inFlight);
            }
            if (timer) clearTimeout(timer);
          }
        } catch (err) {
          if (!stopped) logger.warn({ durable: name, err }, 'consume loop failed, re-creating');
        }
        if (!stopped)
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, recoverDelayMs);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
      }
    })();

    return async () => {
      stopped = true;
      stopping.abort();
      messages?.stop();
      wake?.();
      await loop;
      // The acks written so far reach the server (PING/PONG answers after them) before stop resolves.
      if (!nc.isClosed()) await nc.flush().catch((err: unknown) => logger.warn({ err, durable: name }, 'flush after stop failed'));
    };
  };

  const consumeAll = async (consumer: ConsumerOptions, handler: BatchHandler, batch: { max: number; maxWaitMs: number }): Promise<Subscription> => {
    const stops = await Promise.all(consumer.subjects.map((filter) => consumeSubject(consumer, filter, handler, batch)));
    return track(async () => {
      await Promise.all(stops.map((stop) => stop()));
    });
  };

  const bus: Bus = {
    async publish(event, publishOptions) {
      const msgID = publishOptions?.msgId ?? event.id;
      const body = JSON.stringify(event);
      // The client would refuse it too, but as a generic argument error the caller could not tell from a transient one.
      assertFits(body, bus.maxPayload(), msgIdHeaderBytes(msgID));
      try {
        // Sent again while the stream elects a leader; without a connection at all, the caller (the
        // outbox, whose rows wait however long) is told at once instead.
        await outlastingElections(
          () => js.publish(full(event.type), body, { msgID }),
          publishRetryMs,
          () => closed || disconnected(),
        );
      } catch (err) {
        // Told apart so a caller (the outbox) waits for the broker instead of blaming the event.
        if (unacknowledged(err) || disconnected()) throw new DependencyUnavailableError('message bus', { cause: err });
        throw err;
      }
    },
    maxPayload() {
      // The server announces its limit on connecting (and again after a reconnect, maybe to another server).
      return nc.info?.max_payload ?? DEFAULT_MAX_PAYLOAD_BYTES;
    },
    async consume(consumer, handler) {
      return consumeAll(consumer, onItsSubjects(consumer, logger, oneByOne(handler)), { max: 1, maxWaitMs: 0 });
    },
    async consumeBatch(consumer, handler) {
      return consumeAll(consumer, onItsSubjects(consumer, logger, handler), { max: consumer.batch.max, maxWaitMs: consumer.batch.maxWaitMs ?? 0 });
    },
    onDeadLetter(listener) {
      listeners.push(listener);
    },
    async request<T>(subject: string, payload: unknown, timeoutMs: number) {
      let answer: { result?: unknown; error?: string };
      try {
        answer = (await nc.request(full(subject), JSON.stringify(payload), { timeout: timeoutMs })).json();
      } catch (err) {
        if (err instanceof RequestError && err.isNoResponders()) throw noResponders(subject);
        if (err instanceof TimeoutError) throw requestTimeout(subject, timeoutMs);
        throw err;
      }
      if (answer.error !== undefined) throw new Error(answer.error);
      return answer.result as T;
    },
    async reply(subject, handler) {
      // A queue group, so one instance of a scaled-out service answers each request.
      const sub = nc.subscribe(full(subject), {
        queue: 'responders',
        callback: (err, msg) => {
          if (err) return logger.error({ err, subject }, 'reply subscription failed');
          void (async () => {
            try {
              const result = await handler(msg.data.length ? msg.json() : undefined);
              msg.respond(JSON.stringify({ result }));
            } catch (handlerErr) {
              msg.respond(JSON.stringify({ error: handlerErr instanceof Error ? handlerErr.message : String(handlerErr) }));
            }
          })();
        },
      });
      // Registered on the server before we resolve, so a request sent right after finds us.
      await nc.flush();
      return track(() => sub.drain());
    },
    async publishTransient(subject, payload) {
      nc.publish(full(subject), JSON.stringify(payload));
    },
    async subscribeTransient(subject, handler) {
      const sub = nc.subscribe(full(subject), {
        callback: (err, msg) => {
          if (err) return logger.error({ err, subject }, 'transient subscription failed');
          try {
            handler(msg.json());
          } catch (handlerErr) {
            logger.error({ err: handlerErr, subject }, 'transient handler failed');
          }
        },
      });
      await nc.flush();
      return track(() => sub.drain());
    },
    onReconnect(listener) {
      reconnectListeners.add(listener);
      return () => void reconnectListeners.delete(listener);
    },
    async isReady() {
      if (closed || nc.isClosed() || nc.isDraining()) return false;
      try {
        await jsm.getAccountInfo();
        return true;
      } catch {
        return false;
      }
    },
    async consumerStates() {
      const states: ConsumerState[] = [];
      for (const name of consumerNames) {
        const info = await jsm.consumers.info(streamName, name);
        states.push({ durable: name, pending: info.num_pending, ackPending: info.num_ack_pending, redelivered: info.num_redelivered });
      }
      return states;
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([...subscriptions].map((s) => s.stop()));
      await nc.drain();
    },
  };
  return bus;
}

interface StreamSettings {
  subjects: string[];
  maxAgeMs: number;
  replicas: number | undefined;
}

/**
 * Safe to run from every process at start: creates the stream, or brings an existing one's
 * subjects, retention and replica count up to date (a stream made with one replica gains the
 * others when the configuration asks for three: the cluster copies it over while it serves).
 */
async function ensureStream(jsm: JetStreamManager, name: string, settings: StreamSettings, logger: BusLogger): Promise<void> {
  const { replicas } = settings;
  if (replicas !== undefined && (!Number.isInteger(replicas) || replicas < 1 || replicas > MAX_STREAM_REPLICAS)) {
    throw new Error(`stream replicas must be a whole number from 1 to ${MAX_STREAM_REPLICAS}, not ${replicas}`);
  }
  const config = { subjects: settings.subjects, duplicate_window: nanos(DEDUPE_WINDOW_MS), max_age: nanos(settings.maxAgeMs) };
  const refused = (err: unknown, count: number): Error =>
    // A 503 (no leader yet) is left as it is, for the caller to try again.
    err instanceof JetStreamApiError && err.status !== 503 ? new Error(`NATS refused stream ${name} with ${count} replica(s): ${err.message}`, { cause: err }) : (err as Error);
  try {
    await jsm.streams.add({ name, ...config, num_replicas: replicas ?? 1 });
    return;
  } catch (err) {
    if (!(err instanceof JetStreamApiError && err.code === STREAM_IN_USE)) throw refused(err, replicas ?? 1);
  }
  const current = (await jsm.streams.info(name)).config.num_replicas;
  try {
    await jsm.streams.update(name, { ...config, num_replicas: replicas ?? current });
  } catch (err) {
    throw refused(err, replicas ?? current);
  }
  if (replicas !== undefined && replicas !== current) logger.warn({ stream: name, from: current, to: replicas }, 'stream replica count changed');
}
