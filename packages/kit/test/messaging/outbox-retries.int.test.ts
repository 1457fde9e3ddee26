import { randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import pino from 'pino';
import { sql } from 'kysely';
import { createTestDatabase, startOwnNats, waitFor } from '@warriors/test-support';
import { createMemoryBus, createNatsBus, createOutbox, createPgliteDatabase, MemoryBroker, type Database } from '../../src';
import { deliveries, eventFigures, runOutboxRetryScenarios, userDeleted } from './outbox-retries.scenarios';

const servers = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const quiet = { warn: () => {}, error: () => {} };
const streamTag = () => randomUUID().replaceAll('-', '').slice(0, 12);

describe('on PostgreSQL and NATS', () => {
  let testDatabase: Awaited<ReturnType<typeof createTestDatabase>>;
  let admin: NatsConnection;
  let jsm: JetStreamManager;
  const streams: string[] = [];

  beforeAll(async () => {
    testDatabase = await createTestDatabase('kit_outbox_retries');
    admin = await connect({ servers });
    jsm = await jetstreamManager(admin);
  });

  afterAll(async () => {
    for (const stream of streams) await jsm.streams.delete(stream).catch(() => false);
    await admin.close();
    await testDatabase.drop();
  });

  runOutboxRetryScenarios('PostgreSQL + NATS', {
    database: () => testDatabase.database,
    bus: async () => {
      const tag = streamTag();
      streams.push(`TEST_OUTBOX_${tag}`);
      return createNatsBus({ servers, streamName: `TEST_OUTBOX_${tag}`, subjectPrefix: `test-outbox-${tag}`, logger: quiet });
    },
  });

  it('keeps every event through a NATS outage, however many polls fail, and publishes each once when it is back', async () => {
    const nats = await startOwnNats();
    const schema = `outage_${streamTag()}`;
    const bus = await createNatsBus({ servers: nats.url, streamName: 'OUTAGE', logger: quiet });
    const logs: Array<Record<string, unknown>> = [];
    const outbox = createOutbox({
      database: testDatabase.database,
      schema,
      bus,
      logger: pino({ level: 'warn' }, { write: (line: string) => void logs.push(JSON.parse(line) as Record<string, unknown>) }),
      pollMs: 20,
      // One attempt: a failure counted during the outage would dead-letter its event at once.
      retry: { maxAttempts: 1 },
    });
    try {
      await sql.raw(`create schema ${schema}`).execute(testDatabase.database.db);
      const seen = await deliveries(bus, 'outage');
      await outbox.start();
      await nats.stop();
      const events = Array.from({ length: 100 }, () => userDeleted());
      await testDatabase.database.db.transaction().execute(async (trx) => {
        for (const event of events) await outbox.enqueue(trx, event);
      });
      outbox.kick();
      await waitFor(() => logs.some((entry) => entry.msg === 'outbox publish failed with the bus unavailable; will retry'), 30_000, 'a relay round failed on the outage');
      expect(await outbox.counts()).toEqual({ pending: 100, retrying: 0, deadLettered: 0 });

      await nats.start();
      await waitFor(
        () => events.every((event) => seen.has(event.id)),
        30_000,
        'every event published after the outage',
        () => JSON.stringify({ seen: seen.size, logs: logs.slice(-5) }),
      );
      await waitFor(async () => (await outbox.counts()).pending === 0, 5_000, 'the outbox emptied');
      expect(await outbox.counts()).toEqual({ pending: 0, retrying: 0, deadLettered: 0 });
      const figures = eventFigures('outbox: NATS stopped and started with 100 events queued', events, seen);
      expect(figures).toMatchObject({ expected: 100, seen: 100, lost: 0, double: 0 });
    } finally {
      await outbox.stop();
      await bus.close();
      await nats.remove();
    }
  }, 90_000);
});

describe('on PGlite and the in-process bus', () => {
  let database: Database;

  beforeAll(async () => {
    database = await createPgliteDatabase(undefined);
  });

  afterAll(async () => {
    await database.close();
  });

  runOutboxRetryScenarios('PGlite + in-process bus', {
    database: () => database,
    bus: async () => createMemoryBus({ broker: new MemoryBroker({ logger: quiet }) }),
  });
});
