import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { Pool } from 'pg';
import { pgliteAsPool } from './pglite-pool';

/**
 * A service's handle on PostgreSQL. Each service owns one schema and reaches its tables through
 * `db.withSchema(name)`; in stack mode the pool is `pg`, embedded it is PGlite behind the same dialect.
 */
export interface Database {
  /** Untyped at this level: each store declares the tables of its own schema. */
  db: Kysely<any>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

function wrap(db: Kysely<any>, close: () => Promise<void>): Database {
  return {
    db,
    ping: async () => {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
    close,
  };
}

export function createPostgresDatabase(connectionString: string, maxConnections = 10): Database {
  const pool = new Pool({ connectionString, max: maxConnections });
  // An idle client losing its server must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const db = new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
  return wrap(db, () => db.destroy());
}

/** PGlite: real PostgreSQL in WebAssembly, stored in `dataDir` (or in memory when undefined). */
export async function createPgliteDatabase(dataDir: string | undefined): Promise<Database> {
  const pglite = dataDir ? new PGlite(dataDir) : new PGlite();
  await pglite.waitReady;
  const db = new Kysely<any>({ dialect: new PostgresDialect({ pool: pgliteAsPool(pglite) }) });
  return wrap(db, async () => {
    await db.destroy();
    await pglite.close();
  });
}

/** Stack mode on a fresh server: create the database named in the URL if it is missing. */
export async function ensureDatabaseExists(connectionString: string): Promise<void> {
  const url = new URL(connectionString);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`Unsupported database name: ${name}`);
  url.pathname = '/postgres';
  const admin = new Pool({ connectionString: url.toString(), max: 1 });
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      await admin.query(`create database ${name}`).catch((err: { code?: string }) => {
        // Another process created it between our check and our create.
        if (err.code !== '42P04' && err.code !== '23505') throw err;
      });
    }
  } finally {
    await admin.end();
  }
}
