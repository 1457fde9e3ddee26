import { randomBytes } from 'node:crypto';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import {
  createLogger,
  createMemoryBus,
  createMetrics,
  createNatsBus,
  createTokenSigner,
  fixedClock,
  listen,
  serverOf,
  type Bus,
  type Database,
  type Logger,
  type MemoryBus,
  type Metrics,
  type Service,
  type ServicePorts,
  type TokenSigner,
} from '@warriors/kit';
import { createTestDatabase, type TestDatabase } from './test-database';

export const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
/** The secret every service under test signs its tokens with (a test forging tokens needs it). */
export const TEST_TOKEN_SECRET = 'service-tests-secret-that-is-long-enough-0123456789';

export type PinnedClock = ReturnType<typeof fixedClock>;

export interface Reply {
  status: number;
  body: any;
}

export interface CallOptions {
  body?: unknown;
  /** Sent as it is instead of `body`, for malformed JSON. */
  raw?: string;
  token?: string;
  headers?: Record<string, string>;
}

/** This file's own stream and subject prefix on the shared NATS server. */
export interface TestNats {
  url: string;
  streamName: string;
  subjectPrefix: string;
}

interface HarnessOptions {
  /** The service's name: its test database's prefix, its logger's and its NATS stream's. */
  name: string;
  /** The service's factory, given the ports the harness made. */
  create(ports: ServicePorts): Service | Promise<Service>;
  /** Where the clock is pinned, or a pinned clock the test already holds. */
  clock: string | PinnedClock;
  /**
   * A database the caller owns and closes (PGlite, or one shared by several starts). Without one the
   * harness makes a PostgreSQL database of its own and drops it at close.
   */
  database?: Database;
  /** startServiceOnNats: a NATS server of the test's own (one it stops and starts) instead of the shared one. */
  natsUrl?: string;
  /**
   * startServiceOnNats: a second instance of a service started before, on its stream and subjects
   * (pass its database too); the first instance removes the stream at its close.
   */
  secondInstanceOf?: { nats: TestNats };
}

export interface ServiceUnderTest<B extends Bus = MemoryBus> {
  url: string;
  bus: B;
  database: Database;
  tokens: TokenSigner;
  clock: PinnedClock;
  logger: Logger;
  /** The service's own metrics registry (its app serves it on /metrics, without a token). */
  metrics: Metrics;
  /** A JSON request to the service, with the token as bearer when given. */
  call(method: string, path: string, options?: CallOptions): Promise<Reply>;
  /** Stops the server, the service and the bus, and removes what the harness made (database, stream). */
  close(): Promise<void>;
}

/**
 * A service's app on a free port with everything its tests pin or own: a database (PostgreSQL of its
 * own unless given), the in-process bus, tokens and a pinned clock. Each service's harness adds only
 * what is its own (how it registers users, what it publishes).
 */
export async function startServiceUnderTest(options: HarnessOptions & { bus?: 'memory' }): Promise<ServiceUnderTest<MemoryBus>> {
  return serve(options, createMemoryBus(), async () => undefined);
}

/** The same on the shared NATS server (JetStream), on a stream and subject prefix of its own, deleted at close. */
export async function startServiceOnNats(options: HarnessOptions): Promise<ServiceUnderTest<Bus> & { nats: TestNats }> {
  const tag = randomBytes(6).toString('hex');
  const first = options.secondInstanceOf?.nats;
  const nats: TestNats = {
    url: options.natsUrl ?? NATS_URL,
    streamName: first?.streamName ?? `TEST_${options.name.toUpperCase()}_${tag}`,
    subjectPrefix: first?.subjectPrefix ?? `test-${options.name}-${tag}`,
  };
  const bus = await createNatsBus({
    servers: nats.url,
    streamName: nats.streamName,
    subjectPrefix: nats.subjectPrefix,
    logger: { warn: () => undefined, error: () => undefined },
    recoverDelayMs: 50,
  });
  const deleteStream = async (): Promise<void> => {
    if (first) return;
    const admin = await connect({ servers: nats.url });
    await (await jetstreamManager(admin)).streams.delete(nats.streamName).catch(() => false);
    await admin.close();
  };
  return { ...(await serve(options, bus, deleteStream)), nats };
}

async function serve<B extends Bus>(options: HarnessOptions, bus: B, removeBus: () => Promise<void>): Promise<ServiceUnderTest<B>> {
  const own = options.database ? undefined : await createTestDatabase(options.name);
  const database = options.database ?? own!.database;
  const clock = typeof options.clock === 'string' ? fixedClock(options.clock) : options.clock;
  const tokens = createTokenSigner(TEST_TOKEN_SECRET, 3600);
  const logger = createLogger(`${options.name}-test`, 'silent');
  const metrics = createMetrics();
  metrics.watchConsumers(() => bus.consumerStates());
  const service = await options.create({ database, bus, tokens, clock, logger, metrics: metrics.forService(options.name) });
  await service.start();
  const server = await listen(serverOf(service), 0);

  return {
    url: server.url,
    bus,
    database,
    tokens,
    clock,
    logger,
    metrics,
    async call(method, path, call = {}) {
      const headers: Record<string, string> = { 'content-type': 'application/json', ...call.headers };
      if (call.token) headers.authorization = `Bearer ${call.token}`;
      const payload = call.raw ?? (call.body === undefined ? undefined : JSON.stringify(call.body));
      const response = await fetch(`${server.url}${path}`, { method, headers, body: payload });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    },
    async close() {
      await server.close();
      await service.stop();
      await bus.close();
      await removeBus();
      await own?.drop();
    },
  };
}

/**
 * Starts what `start` makes before the tests of this file (or of the describe block it is called in)
 * and closes it after them; `current` holds it meanwhile.
 */
export function forTheseTests<T extends { close(): Promise<void> }>(start: () => Promise<T>): { readonly current: T } {
  const holder = {} as { current: T };
  beforeAll(async () => {
    holder.current = await start();
  });
  afterAll(async () => {
    await holder.current?.close();
  });
  return holder;
}

/** Starts a service on the database `open` makes; closing it drops that database too. */
export async function onDatabase<T extends { close(): Promise<void> }>(open: () => Promise<TestDatabase>, start: (database: Database) => Promise<T>): Promise<T> {
  const test = await open();
  const started = await start(test.database);
  return {
    ...started,
    async close() {
      await started.close();
      await test.drop();
    },
  };
}
