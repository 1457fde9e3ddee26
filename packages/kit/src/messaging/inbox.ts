import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { DeadLetter } from './bus/bus.port';
import { preparedStatement } from '../db/database';
import { sqlName } from '../db/sql-name';

const table = (schema: string, name: string) => sql.table(`${sqlName(schema, 'schema')}.${name}`);

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
 * lockKey and markEventApplied for a whole batch in one statement (one round trip per batch instead
 * of one per event): takes every key's lock in the order given (callers pass them in inLockOrder's order, so
 * batches sharing keys never deadlock) and records every event id in the inbox. Answers the ids
 * recorded now; an id applied before, or repeated in `eventIds`, is recorded once. The inbox insert
 * needs no lock of its own (its primary key makes a concurrent copy of an event wait for the first
 * and then change nothing); what runs under the locks is every statement after this one.
 */
export async function lockAllAndMarkApplied(trx: Kysely<any>, schema: string, keys: readonly string[], eventIds: readonly string[], at: Date): Promise<Set<string>> {
  if (eventIds.length === 0) return new Set();
  // JSON parameters rather than VALUES lists: one statement text for any batch, bound alike by
  // node-postgres and PGlite (embedded mode), which bind array parameters differently.
  const params = [JSON.stringify([...new Set(keys)]), JSON.stringify([...new Set(eventIds)]), at];
  const result = await trx.executeQuery<{ applied: string[] }>(CompiledQuery.raw(lockAndMarkText(schema), params));
  return new Set(result.rows[0]!.applied);
}

function lockAndMarkText(schema: string): string {
  return preparedStatement(`
    with locked as (
      select pg_advisory_xact_lock(hashtext(k.key)) is not null as done
      from json_array_elements_text($1::json) with ordinality as k(key, n) order by k.n
    ),
    inbox as (
      -- Joined to the locks so that no row goes in before every lock is held: two batches carrying one
      -- event wait on its user's lock, not on each other's inbox rows (which could deadlock).
      insert into ${sqlName(schema, 'schema')}.inbox (event_id, applied_at)
      select i.id, $3::timestamptz from json_array_elements_text($2::json) as i(id), (select count(*) from locked) as l
      on conflict (event_id) do nothing returning event_id
    )
    select coalesce((select json_agg(event_id) from inbox), '[]') as applied`);
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
