import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import type { Database } from './database';
import { sqlName } from './sql-name';

/** A migration kit owns, applied in a service's schema before the service's own files. */
export interface SharedMigration {
  /** Its row in schema_migrations; 'kit:'-prefixed, so it cannot meet a service's NNNN_name.sql. */
  id: string;
  sql: string;
}

export interface MigrateOptions {
  /** Applied first, in order (e.g. the consumer tables of kit's user projection). */
  shared?: readonly SharedMigration[];
}

/**
 * Applies the shared migrations, then the service's SQL files (NNNN_name.sql, in name order), that its
 * schema has not seen yet. Each runs in its own transaction under an advisory lock, so N instances
 * starting together apply it once.
 */
export async function migrate(database: Database, schema: string, migrationsDir: string, options: MigrateOptions = {}): Promise<string[]> {
  sqlName(schema, 'schema');
  const files = (await readdir(migrationsDir)).filter((f) => f.endsWith('.sql')).sort();
  const own = files.map((file) => ({ id: file, script: () => readFile(path.join(migrationsDir, file), 'utf8') }));
  const shared = (options.shared ?? []).map((migration) => ({ id: migration.id, script: async () => migration.sql }));
  const applied: string[] = [];
  await database.db.transaction().execute(async (trx) => {
    // "if not exists" alone still races between two processes creating the same schema.
    await sql`select pg_advisory_xact_lock(hashtext(${schema}))`.execute(trx);
    await sql.raw(`create schema if not exists ${schema}`).execute(trx);
    await sql.raw(`create table if not exists ${schema}.schema_migrations (id text primary key, applied_at timestamptz not null default now())`).execute(trx);
  });
  for (const { id, script } of [...shared, ...own]) {
    const text = await script();
    await database.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${schema}))`.execute(trx);
      const seen = await sql<{ id: string }>`select id from ${sql.table(`${schema}.schema_migrations`)} where id = ${id}`.execute(trx);
      if (seen.rows.length > 0) return;
      // Scripts name no schema: the service's own schema is the only one on their search path.
      await sql.raw(`set local search_path to ${schema}`).execute(trx);
      await sql.raw(text).execute(trx);
      await sql`insert into ${sql.table(`${schema}.schema_migrations`)} (id) values (${id})`.execute(trx);
      applied.push(id);
    });
  }
  return applied;
}
