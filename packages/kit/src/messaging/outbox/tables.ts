import { sql, type Kysely } from 'kysely';
import { OUTBOX_DEAD_LETTERS } from '../outbox-admin';

/** Creates a service's outbox and its dead letters in its schema, and brings an older outbox up to date. */
export async function ensureOutboxTables(db: Kysely<any>, schema: string): Promise<void> {
  // Under migrate()'s lock: "if not exists" alone fails one of N instances creating the table at once.
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${schema}))`.execute(trx);
    await sql.raw(`create table if not exists ${schema}.outbox (seq bigserial primary key, event jsonb not null, created_at timestamptz not null default now())`).execute(trx);
    // Outbox tables made before retries and the replay window existed gain their columns in place.
    // Looked up first: the alter locks the whole table, which would stall the other instances' writes at every start.
    const upToDate = await sql<{ n: number }>`
      select count(*)::int as n from information_schema.columns
      where table_schema = ${schema} and table_name = 'outbox' and column_name in ('last_error', 'published_at')`.execute(trx);
    if (upToDate.rows[0]!.n < 2) {
      await sql
        .raw(
          `alter table ${schema}.outbox add column if not exists attempts int not null default 0, add column if not exists next_attempt_at timestamptz, add column if not exists last_error text, add column if not exists published_at timestamptz`,
        )
        .execute(trx);
    }
    // The relay reads the unpublished rows only: without it, every read would pass over the window's published ones.
    await sql.raw(`create index if not exists outbox_unpublished on ${schema}.outbox (seq) where published_at is null`).execute(trx);
    await sql
      .raw(
        `create table if not exists ${schema}.${OUTBOX_DEAD_LETTERS} (seq bigint primary key, event jsonb not null, reason text not null, attempts int not null, failed_at timestamptz not null)`,
      )
      .execute(trx);
  });
}
