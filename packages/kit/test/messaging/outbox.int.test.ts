import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { DomainEvent } from '@warriors/contracts';
import { waitFor } from '@warriors/test-support';
import { createLogger, createMemoryBus, createOutbox, createPostgresDatabase, ensureDatabaseExists, type Database, type MemoryBus, type Outbox } from '../../src';

const ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `kit_outbox_${randomUUID().replace(/-/g, '')}`;
let database: Database;
let bus: MemoryBus;
let outbox: Outbox;
let insertNote: (row: { id: string | null }, event: DomainEvent) => Promise<boolean>;
const received: DomainEvent[] = [];

const deleted = (userId: string): DomainEvent => ({ id: randomUUID(), type: 'user.deleted', v: 1, occurredAt: new Date().toISOString(), data: { user_id: userId } });
const unpublishedRows = async () => (await sql<{ n: number }>`select count(*)::int as n from kit.outbox where published_at is null`.execute(database.db)).rows[0]!.n;
const outboxRows = async () => (await sql<{ n: number }>`select count(*)::int as n from kit.outbox`.execute(database.db)).rows[0]!.n;

beforeAll(async () => {
  const url = `postgres://postgres@127.0.0.1:5432/${name}`;
  await ensureDatabaseExists(url);
  database = createPostgresDatabase(url);
  await sql.raw('create schema kit; create table kit.notes (id text primary key)').execute(database.db);
  bus = createMemoryBus();
  await bus.consume({ durable: 'test', subjects: ['user.>'] }, async (event) => {
    received.push(event);
  });
  outbox = createOutbox({ database, schema: 'kit', bus, logger: createLogger('outbox-test', 'silent') });
  await outbox.start();
  insertNote = outbox.groupInsert({ table: 'notes', columns: { id: 'text' }, key: 'id', conflict: ['id'] });
});

afterAll(async () => {
  await outbox.stop();
  await bus.close();
  await database.close();
  const admin = createPostgresDatabase(ADMIN_URL, 1);
  await sql.raw(`drop database ${name} with (force)`).execute(admin.db);
  await admin.close();
});

it('commits the row with its event in one statement, publishes it without the relay and marks its outbox row published', async () => {
  const event = deleted('u-1');
  expect(await insertNote({ id: 'n-1' }, event)).toBe(true);
  await waitFor(async () => received.some((e) => e.id === event.id), 5000, 'event published');
  await waitFor(async () => (await unpublishedRows()) === 0, 5000, 'outbox row marked published');
  expect(await outboxRows()).toBe(1);
  expect(await database.db.selectFrom('kit.notes').select('id').execute()).toEqual([{ id: 'n-1' }]);
});

it('enqueues nothing when the row conflicts with one already there', async () => {
  const event = deleted('u-2');
  expect(await insertNote({ id: 'n-1' }, event)).toBe(false);
  expect(await outboxRows()).toBe(1);
  await outbox.drain();
  expect(received.some((e) => e.id === event.id)).toBe(false);
});

it('commits concurrent calls together, each with its own answer, and one failing row fails only its own call', async () => {
  const events = Array.from({ length: 12 }, (_, i) => deleted(`u-group-${i}`));
  const outcomes = await Promise.allSettled([
    ...events.map((event, i) => insertNote({ id: `g-${i}` }, event)),
    // A not-null violation: the row that breaks the group statement.
    insertNote({ id: null }, deleted('u-broken')),
    // Already there: no row, so no event.
    insertNote({ id: 'g-0' }, deleted('u-repeat')),
  ]);
  expect(outcomes.slice(0, 12)).toEqual(events.map(() => ({ status: 'fulfilled', value: true })));
  expect(outcomes[12]).toMatchObject({ status: 'rejected' });
  expect(outcomes[13]).toEqual({ status: 'fulfilled', value: false });
  await waitFor(async () => events.every((event) => received.some((e) => e.id === event.id)), 5000, 'every event published');
  await waitFor(async () => (await unpublishedRows()) === 0, 5000, 'outbox rows marked published');
  const notes = await database.db.selectFrom('kit.notes').select('id').where('id', 'like', 'g-%').execute();
  expect(notes).toHaveLength(12);
});

it('answers true to one of two concurrent calls writing the same row, and publishes only its event', async () => {
  const [first, second, other] = [deleted('u-same-1'), deleted('u-same-2'), deleted('u-same-3')];
  const answers = await Promise.all([insertNote({ id: 'same' }, first), insertNote({ id: 'same' }, second), insertNote({ id: 'same-other' }, other)]);
  expect(answers.filter((a) => a)).toHaveLength(2);
  expect(answers[2]).toBe(true);
  await outbox.drain();
  const published = [first, second].filter((event) => received.some((e) => e.id === event.id));
  expect(published).toHaveLength(1);
  expect(answers[published[0] === first ? 0 : 1]).toBe(true);
});

it('relays in commit order what enqueue left in a transaction', async () => {
  const events = Array.from({ length: 20 }, (_, i) => deleted(`u-order-${i}`));
  await database.db.transaction().execute(async (trx) => {
    for (const event of events) await outbox.enqueue(trx, event);
  });
  outbox.kick();
  await outbox.drain();
  await waitFor(async () => events.every((e) => received.some((r) => r.id === e.id)), 5000, 'all relayed');
  const order = received.filter((r) => events.some((e) => e.id === r.id)).map((r) => r.id);
  expect(order).toEqual(events.map((e) => e.id));
});

it('enqueues many events in one statement, relayed in their order, and nothing for none', async () => {
  const events = Array.from({ length: 15 }, (_, i) => deleted(`u-all-${i}`));
  await database.db.transaction().execute(async (trx) => {
    await outbox.enqueueAll(trx, []);
    await outbox.enqueueAll(trx, events);
    expect((await sql<{ n: number }>`select count(*)::int as n from kit.outbox`.execute(trx)).rows[0]!.n).toBeGreaterThanOrEqual(events.length);
  });
  outbox.kick();
  await outbox.drain();
  await waitFor(async () => events.every((e) => received.some((r) => r.id === e.id)), 5000, 'all relayed');
  const order = received.filter((r) => events.some((e) => e.id === r.id));
  expect(order).toEqual(events);
});

it('sends the rows of a committed enqueueAll at once, in their order, without a relay pass, and marks them published', async () => {
  // The suite's outbox stopped and this one's poll beyond the test, and kick never called: only send can publish these.
  await outbox.drain();
  await outbox.stop();
  const sender = createOutbox({ database, schema: 'kit', bus, logger: createLogger('outbox-test', 'silent'), pollMs: 3_600_000 });
  await sender.start();
  try {
    const events = Array.from({ length: 15 }, (_, i) => deleted(`u-send-${i}`));
    const enqueued = await database.db.transaction().execute((trx) => sender.enqueueAll(trx, events));
    expect(enqueued.map((row) => row.event)).toEqual(events);
    const seqs = enqueued.map((row) => BigInt(row.seq));
    expect(seqs).toEqual([...seqs].sort((a, b) => (a < b ? -1 : 1)));
    const stored = await sql<{
      seq: string;
      id: string;
    }>`select seq::text as seq, event->>'id' as id from kit.outbox where event->>'id' in (${sql.join(events.map((e) => e.id))})`.execute(database.db);
    expect(Object.fromEntries(stored.rows.map((row) => [row.id, row.seq]))).toEqual(Object.fromEntries(enqueued.map((row) => [row.event.id, row.seq])));
    sender.send(enqueued);
    await waitFor(async () => events.every((e) => received.some((r) => r.id === e.id)), 5000, 'all sent');
    expect(received.filter((r) => events.some((e) => e.id === r.id))).toEqual(events);
    await waitFor(async () => (await unpublishedRows()) === 0, 5000, 'sent rows marked published');
  } finally {
    await sender.stop();
    await outbox.start();
  }
});

it('enqueues nothing from enqueueAll when its transaction rolls back', async () => {
  const events = [deleted('u-rolled-1'), deleted('u-rolled-2')];
  await expect(
    database.db.transaction().execute(async (trx) => {
      await outbox.enqueueAll(trx, events);
      throw new Error('rolled back');
    }),
  ).rejects.toThrow('rolled back');
  await outbox.drain();
  expect(received.some((r) => events.some((e) => e.id === r.id))).toBe(false);
});
