import { randomUUID } from 'node:crypto';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { sql } from 'kysely';
import type { DomainEvent } from '@warriors/contracts';
import { createTestDatabase, NATS_URL, waitFor, type TestDatabase } from '@warriors/test-support';
import { createLogger, createNatsBus, createOutbox, createPostgresDatabase, type Bus, type Database, type Outbox } from '../../src';

const INSTANCES = 3;
const EVENTS = 600;

const tag = randomUUID().replace(/-/g, '').slice(0, 12);
const stream = { streamName: `TEST_OUTBOX_INSTANCES_${tag}`, subjectPrefix: `test-outbox-${tag}` };
const quiet = { warn: () => undefined, error: () => undefined };
const deleted = (i: number): DomainEvent => ({ id: randomUUID(), type: 'user.deleted', v: 1, occurredAt: new Date().toISOString(), data: { user_id: `u-${i}` } });

/** Several instances of one service: each its own connections to PostgreSQL and NATS, one outbox table, one stream. */
describe('outbox relays of several instances on one outbox table', () => {
  let fresh: TestDatabase & { url: string };
  let consumerBus: Bus;
  const instances: Array<{ database: Database; bus: Bus; outbox: Outbox }> = [];
  const deliveries = new Map<string, number>();

  beforeAll(async () => {
    fresh = await createTestDatabase('kit_outbox_instances');
    await sql.raw('create schema relay').execute(fresh.database.db);
    consumerBus = await createNatsBus({ servers: NATS_URL, ...stream, logger: quiet });
    await consumerBus.consume({ durable: 'count', subjects: ['user.>'] }, async (event) => {
      deliveries.set(event.id, (deliveries.get(event.id) ?? 0) + 1);
    });
    for (let i = 0; i < INSTANCES; i++) {
      const database = createPostgresDatabase(fresh.url, 4);
      const bus = await createNatsBus({ servers: NATS_URL, ...stream, logger: quiet });
      // A quick poll: the relays meet on the table as often as possible.
      instances.push({ database, bus, outbox: createOutbox({ database, schema: 'relay', bus, logger: createLogger('outbox-instances-test', 'silent'), pollMs: 5 }) });
    }
    await Promise.all(instances.map(({ outbox }) => outbox.start()));
  });

  afterAll(async () => {
    await Promise.all(instances.map(({ outbox }) => outbox.stop()));
    await Promise.all(instances.map(({ bus }) => bus.close()));
    await Promise.all(instances.map(({ database }) => database.close()));
    await consumerBus.close();
    const admin = await connect({ servers: NATS_URL });
    await (await jetstreamManager(admin)).streams.delete(stream.streamName).catch(() => false);
    await admin.close();
    await fresh.drop();
  });

  it('publish every event once between them', async () => {
    const events = Array.from({ length: EVENTS }, (_, i) => deleted(i));
    // Written through every instance in turn, in transactions of 20, each instance kicking its relay.
    for (let start = 0; start < EVENTS; start += 20) {
      const { database, outbox } = instances[(start / 20) % INSTANCES]!;
      await database.db.transaction().execute((trx) => outbox.enqueueAll(trx, events.slice(start, start + 20)));
      instances.forEach((instance) => instance.outbox.kick());
    }
    await Promise.all(instances.map(({ outbox }) => outbox.drain(20_000)));
    await waitFor(() => events.every((event) => deliveries.has(event.id)), 20_000, 'every event delivered');
    // Room for a late duplicate to arrive before counting.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const counts = events.map((event) => deliveries.get(event.id));
    expect(counts.filter((n) => n !== 1)).toEqual([]);
  });
});
