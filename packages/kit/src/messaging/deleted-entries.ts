import { sql, type Kysely } from 'kysely';
import type { SharedMigration } from '../db/migrate';
import { sqlName } from '../db/sql-name';

/**
 * The activities whose activity.deleted a service applied (their id and when): a consumer that keeps
 * no row for every log it applied cannot tell a deletion that arrived before its log from one whose
 * log credited nothing, so it marks the entry deleted, and its log consumer, meeting the mark later,
 * credits nothing. Pass it to migrate() as `shared`, after the user projection's migration.
 */
export const DELETED_ENTRIES_MIGRATION: SharedMigration = {
  id: 'kit:0002_deleted_entries',
  sql: `
-- Entries whose activity.deleted was applied: a later log of one credits nothing (markEntryDeleted).
create table if not exists deleted_entries (
  activity_id text primary key,
  deleted_at timestamptz not null
);`,
};

export interface DeletedEntriesTable {
  deleted_entries: { activity_id: string; deleted_at: Date };
}

/** Marks an entry deleted, in the transaction that reverses it; false when it was marked before (change nothing). */
export async function markEntryDeleted(trx: Kysely<any>, schema: string, activityId: string, at: Date): Promise<boolean> {
  const result = await sql<{ activity_id: string }>`
    insert into ${sql.table(`${sqlName(schema, 'schema')}.deleted_entries`)} (activity_id, deleted_at) values (${activityId}, ${at})
    on conflict (activity_id) do nothing returning activity_id`.execute(trx);
  return result.rows.length > 0;
}

/** Which of `activityIds` were marked deleted (read under their users' locks, which the deletion takes too). */
export async function deletedEntriesAmong(db: Kysely<any>, schema: string, activityIds: readonly string[]): Promise<Set<string>> {
  if (activityIds.length === 0) return new Set();
  const result = await sql<{ activity_id: string }>`
    select activity_id from ${sql.table(`${sqlName(schema, 'schema')}.deleted_entries`)}
    where activity_id in (select json_array_elements_text(${JSON.stringify([...new Set(activityIds)])}::json))`.execute(db);
  return new Set(result.rows.map((r) => r.activity_id));
}
