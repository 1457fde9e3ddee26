import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import type { Database } from './database';
import { sqlName } from './sql-name';

/**
 * Applies the service's SQL files (NNNN_name.sql, in name order) that its schema has not seen yet.
 * Each file runs in its own transaction under an advisory lock, so N instances starting together
 * apply it once.
 */
export async function migrate(database: Database, schema: string, migrationsDir: string): Promise<string[]> {
  sqlName(schema, 'schema');
  const files = (await readdir(migrationsDir)).filter((f) => f.endsWith('.sql')).sort();
  const applied: string[] = [];
  await database.db.transaction().execute(async (trx) => {
    // "if not exists" alone still races between two processes creating the same schema.
    await sql`select pg_advisory_xact_lock(hashtext(${schema}))`.execute(trx);
    await sql.raw(`create schema if not exists ${schema}`).execute(trx);
    await sql
      .raw(`create table if not exists ${schema}.schema_migrations (id text primary key, applied_at timestamptz not null default now())`)
      .execute(trx);
  });
  for (const file of files) {
    const script = await readFile(path.join(migrationsDir, file), 'utf8');
    await database.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${schema}))`.execute(trx);
      const seen = await sql<{ id: string }>`select id from ${sql.table(`${schema}.schema_migrations`)} where id = ${file}`.execute(trx);
      if (seen.rows.length > 0) return;
      // Scripts name no schema: the service's own schema is the only one on their search path.
      await sql.raw(`set local search_path to ${schema}`).execute(trx);
      await sql.raw(script).execute(trx);
      await sql`insert into ${sql.table(`${schema}.schema_migrations`)} (id) values (${file})`.execute(trx);
      applied.push(file);
    });
  }
  return applied;
}
