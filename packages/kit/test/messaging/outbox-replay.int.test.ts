import { randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { sql } from 'kysely';
import pino from 'pino';
import type { DomainEvent } from '@warriors/contracts';
import { createTestDatabase, holdsFor, waitFor, type TestDatabase } from '@warriors/test-support';
import { createNatsBus, createOutbox, fixedClock, markEventApplied, type Bus, type Outbox, type Subscription } from '../../src';
import { outboxCli } from '../../src/messaging/outbox-cli';
import { userDeleted } from './outbox-retries.scenarios';

const servers = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const quiet = { warn: () => {}, error: () => {} };
const tag = randomUUID().replaceAll('-', '').slice(0, 12);
const namespace = { streamName: `TEST_REPLAY_${tag}`, subjectPrefix: `test-replay-${tag}` };
const schema = `replay_${tag}`;

let testDatabase: TestDatabase;
let admin: NatsConnection;
let jsm: JetStreamManager;
let bus: Bus;
let outbox: Outbox;
const clock = fixedClock('2026-11-25T09:00:00Z');
/** Deliveries the consumer saw, and the effects its inbox let through, per event id. */
const deliveries = new Map<string, number>();

const openBus = () => createNatsBus({ servers, ...namespace, logger: quiet });
const effects = async (): Promise<Map<string, number>> => {
  const rows = await sql<{ event_id: string; n: number }>`
    select event_id, count(*)::int as n from ${sql.table(`${schema}.effects`)} group by event_id`.execute(testDatabase.database.db);
  return new Map(rows.rows.map((row) => [row.event_id, row.n]));
};
const totalDeliveries = () => [...deliveries.values()].reduce((a, b) => a + b, 0);

/** The consumer a service would run: each event's effect applied once, through the inbox keyed by the event's id. */
const consume = (): Promise<Subscription> =>
  bus.consume({ durable: 'replayed', subjects: ['user.>'] }, async (event) => {
    deliveries.set(event.id, (deliveries.get(event.id) ?? 0) + 1);
    await testDatabase.database.db.transaction().execute(async (trx) => {
      if (!(await markEventApplied(trx, schema, event.id, clock.now()))) return;
      await sql`insert into ${sql.table(`${schema}.effects`)} (event_id) values (${event.id})`.execute(trx);
    });
  });

const publishThroughOutbox = async (events: readonly DomainEvent[]): Promise<void> => {
  await testDatabase.database.db.transaction().execute((trx) => outbox.enqueueAll(trx, events));
  outbox.kick();
  await outbox.drain(10_000);
};

beforeAll(async () => {
  testDatabase = await createTestDatabase('kit_outbox_replay');
  admin = await connect({ servers });
  jsm = await jetstreamManager(admin);
  await sql
    .raw(
      `create schema ${schema};
       create table ${schema}.inbox (event_id text primary key, applied_at timestamptz not null);
       create table ${schema}.effects (event_id text not null)`,
    )
    .execute(testDatabase.database.db);
  bus = await openBus();
  outbox = createOutbox({ database: testDatabase.database, schema, bus, logger: pino({ level: 'silent' }), pollMs: 50, clock, replayWindowMs: 24 * 3600_000 });
  await outbox.start();
});

afterAll(async () => {
  await outbox?.stop();
  await bus?.close();
  await jsm?.streams.delete(namespace.streamName).catch(() => false);
  await admin?.close();
  await testDatabase?.drop();
});

it('publishes again the events of a time range that the broker lost, each applied once, and a second replay changes nothing', async () => {
  const consumer = await consume();
  const applied = Array.from({ length: 20 }, () => userDeleted());
  await publishThroughOutbox(applied);
  await waitFor(async () => (await effects()).size === 20, 10_000, 'the first events applied');

  // Published (acknowledged by the stream) while the consumer is away, then lost by the broker.
  await consumer.stop();
  clock.advance(60_000);
  const lost = Array.from({ length: 10 }, () => userDeleted());
  await publishThroughOutbox(lost);
  await jsm.streams.purge(namespace.streamName);
  const resumed = await consume();
  await holdsFor(() => lost.every((event) => !deliveries.has(event.id)), 500, 'the lost events never arrive');

  const replayed = await outboxCli([`replay-range`, schema, '--from', '2026-11-25T08:00:00Z', '--to', '2026-11-25T10:00:00Z'], testDatabase.database, openBus, () => clock.now());
  expect(replayed).toBe(`30 event(s) of ${schema} published again (published from 2026-11-25T08:00:00.000Z to 2026-11-25T10:00:00.000Z)`);
  await waitFor(async () => (await effects()).size === 30, 10_000, 'the lost events applied');
  await waitFor(() => totalDeliveries() === 20 + 30, 10_000, 'every replayed event delivered');
  expect([...(await effects()).values()].every((n) => n === 1)).toBe(true);

  // Again, with only the lost events' minute: all already applied, so nothing changes.
  const again = await outboxCli(['replay-range', schema, '--from', '2026-11-25T09:01:00Z', '--to', '2026-11-25T09:02:00Z'], testDatabase.database, openBus, () => clock.now());
  expect(again).toBe(`10 event(s) of ${schema} published again (published from 2026-11-25T09:01:00.000Z to 2026-11-25T09:02:00.000Z)`);
  await waitFor(() => totalDeliveries() === 20 + 30 + 10, 10_000, 'the second replay delivered');
  const after = await effects();
  expect(after.size).toBe(30);
  expect([...after.values()].every((n) => n === 1)).toBe(true);
  console.log(`replay-range: 10 events lost by the broker, 30 replayed then 10 again; ${totalDeliveries()} deliveries, ${after.size} effects, none twice`);
  await resumed.stop();
}, 60_000);

it('refuses a range that is not one, naming the problem', async () => {
  const refused = (args: string[]) => outboxCli(['replay-range', ...args], testDatabase.database, openBus, () => clock.now());
  await expect(refused([schema, '--from', 'yesterday', '--to', '2026-11-25T10:00:00Z'])).rejects.toThrow('--from: not an ISO time: yesterday');
  await expect(refused([schema, '--from', '2026-11-25T10:00:00Z'])).rejects.toThrow('--to <ISO time> is required');
  await expect(refused([schema, '--from', '2026-11-25T10:00:00Z', '--to', '2026-11-25T09:00:00Z'])).rejects.toThrow('--from must be before --to');
  await expect(refused(['--from', '2026-11-25T10:00:00Z'])).rejects.toThrow('usage:');
});

it('keeps published rows for the replay window and prunes them after it', async () => {
  const pruneSchema = `${schema}_prune`;
  await sql.raw(`create schema ${pruneSchema}`).execute(testDatabase.database.db);
  const windowed = createOutbox({ database: testDatabase.database, schema: pruneSchema, bus, logger: pino({ level: 'silent' }), pollMs: 50, clock, replayWindowMs: 2_000 });
  await windowed.start();
  try {
    await testDatabase.database.db.transaction().execute((trx) => windowed.enqueueAll(trx, [userDeleted(), userDeleted()]));
    windowed.kick();
    await windowed.drain(10_000);
    const rows = async () => (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(`${pruneSchema}.outbox`)}`.execute(testDatabase.database.db)).rows[0]!.n;
    // Pruned every window (here 2 s), by the clock: still inside it, they stay.
    await holdsFor(() => true, 2_500);
    expect(await rows()).toBe(2);
    clock.advance(2_001);
    await waitFor(async () => (await rows()) === 0, 10_000, 'published rows past the window pruned');
  } finally {
    await windowed.stop();
  }
});
