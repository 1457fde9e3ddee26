import { sql, type Kysely } from 'kysely';
import type { DeadLetter } from './bus/bus.port';

const SCHEMA_NAME = /^[a-z_][a-z0-9_]*$/;

const table = (schema: string, name: string) => {
  if (!SCHEMA_NAME.test(schema)) throw new Error(`Bad schema name: ${schema}`);
  return sql.table(`${schema}.${name}`);
};

/**
 * The consumer side of exactly-once effects: record an event id in the service's `inbox` table
 * (event_id primary key, applied_at) inside the transaction that applies the event. False means it
 * was applied before (a redelivery) and the caller must change nothing.
 */
export async function markEventApplied(trx: Kysely<any>, schema: string, eventId: string, at: Date): Promise<boolean> {
  const inserted = await sql<{ event_id: string }>`
    insert into ${table(schema, 'inbox')} (event_id, applied_at) values (${eventId}, ${at})
    on conflict (event_id) do nothing returning event_id`.execute(trx);
  return inserted.rows.length > 0;
}

/**
 * lockKey and markEventApplied in one statement (one round trip instead of two). The inbox insert
 * needs no lock of its own (its primary key makes a concurrent copy of the event wait for the first
 * and then change nothing); what must run under the lock is everything the caller does next.
 */
export async function lockAndMarkApplied(trx: Kysely<any>, schema: string, key: string, eventId: string, at: Date): Promise<boolean> {
  const result = await sql<{ locked: boolean; first_time: boolean }>`
    with locked as (select pg_advisory_xact_lock(hashtext(${key})) is not null as done),
    inbox as (
      insert into ${table(schema, 'inbox')} (event_id, applied_at) values (${eventId}, ${at})
      on conflict (event_id) do nothing returning event_id
    )
    select (select done from locked) as locked, exists (select 1 from inbox) as first_time`.execute(trx);
  return result.rows[0]!.first_time;
}

/**
 * Serializes the holders of one key until their transaction ends (e.g. one user's events applied
 * by several consumer workers: each must read the totals the previous one wrote).
 */
export async function lockKey(trx: Kysely<any>, key: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
}

/**
 * Keeps a message a consumer gave up on in the service's `dead_letters` table (subject, durable,
 * deliveries, error, payload, received_at), for inspection and replay instead of losing it.
 */
export async function recordDeadLetter(db: Kysely<any>, schema: string, letter: DeadLetter, at: Date): Promise<void> {
  await sql`
    insert into ${table(schema, 'dead_letters')} (subject, durable, deliveries, error, payload, received_at)
    values (${letter.subject}, ${letter.durable}, ${letter.deliveries}, ${letter.error}, ${letter.payload}, ${at})`.execute(db);
}

/**
 * The order in which one transaction applies a batch of events that each take a per-key lock
 * (lockKey): grouped by key, keys ascending, events of one key in their delivery order. Two batches
 * sharing keys then take their locks in the same order, so they wait for each other instead of
 * deadlocking.
 */
export function inLockOrder<T>(items: readonly T[], key: (item: T) => string): T[] {
  return items
    .map((item, position) => ({ item, position, key: key(item) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.position - b.position))
    .map(({ item }) => item);
}
