import { createHash } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { Pool, type PoolClient } from 'pg';
import { pgliteAsPool } from './pglite-pool';
import { parseTimestamptz, timestamptzText } from './timestamps';

/** PostgreSQL's type oid of timestamptz, the only timestamp type the services' tables use. */
const TIMESTAMPTZ_OID = 1184;

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

/** Where a lost connection is reported: pino-compatible, so services pass their logger. */
export interface ConnectionLogger {
  warn(obj: object, msg: string): void;
}

/**
 * A connection the server drops (restart, failover, pg_terminate_backend) makes pg emit 'error' on
 * its client, idle or checked out, and an 'error' event nobody listens to ends the process. Every
 * client gets a listener of its own for its whole life: the query in flight fails (its request
 * answers 503), pg's pool discards the dead client when it is released or noticed idle, and the
 * next query opens a new connection.
 */
function survivesLostConnections(pool: Pool, logger: ConnectionLogger | undefined): Pool {
  const reported = new WeakSet<PoolClient>();
  pool.on('connect', (client) => {
    client.on('error', (err: Error & { code?: string }) => {
      // pg emits twice for one loss (the server's notice, then the closed socket): report it once.
      if (reported.has(client)) return;
      reported.add(client);
      // Code and message only: neither carries the connection string or its password.
      logger?.warn({ code: err.code, reason: err.message }, 'PostgreSQL connection lost; the pool reconnects');
    });
  });
  // The pool re-emits an idle client's error, already reported by the client's own listener.
  pool.on('error', () => undefined);
  return pool;
}

/** Statement texts run as named prepared statements (see preparedStatement), with their names. */
const preparedNames = new Map<string, string>();

/**
 * Marks a hot statement's text (one text for any number of rows: its rows travel as a JSON
 * parameter) to run as a named prepared statement on each pooled connection: PostgreSQL parses it
 * once per connection and, after a few runs, plans it once, instead of both on every run (planning
 * alone cost about half of executing the log's group insert). Answers the text, for CompiledQuery.raw.
 * Embedded (PGlite) runs the text as it is.
 */
export function preparedStatement(text: string): string {
  if (!preparedNames.has(text)) preparedNames.set(text, `warriors_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`);
  return text;
}

/** Sends the texts marked by preparedStatement as named statements; everything else goes as it came. */
function preparesMarkedStatements(pool: Pool): Pool {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    // Kysely calls query(text, values) and awaits the promise; a named statement is that call as a config.
    client.query = ((...args: unknown[]) => {
      const [text, values] = args;
      const name = args.length === 2 && typeof text === 'string' && Array.isArray(values) ? preparedNames.get(text) : undefined;
      return name === undefined ? query(...args) : query({ name, text, values });
    }) as PoolClient['query'];
  });
  return pool;
}

export function createPostgresDatabase(connectionString: string, maxConnections = 10, logger?: ConnectionLogger): Database {
  const pool = preparesMarkedStatements(survivesLostConnections(new Pool({ connectionString, max: maxConnections }), logger));
  const db = new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
  return wrap(db, () => db.destroy());
}

/** PGlite: real PostgreSQL in WebAssembly, stored in `dataDir` (or in memory when undefined). */
export async function createPgliteDatabase(dataDir: string | undefined): Promise<Database> {
  const exactTimestamps = { parsers: { [TIMESTAMPTZ_OID]: parseTimestamptz }, serializers: { [TIMESTAMPTZ_OID]: timestamptzText } };
  const pglite = new PGlite({ dataDir, ...exactTimestamps });
  await pglite.waitReady;
  const db = new Kysely<any>({ dialect: new PostgresDialect({ pool: pgliteAsPool(pglite) }) });
  return wrap(db, async () => {
    await db.destroy();
    await pglite.close();
  });
}

/** Stack mode on a fresh server: create the database named in the URL if it is missing. */
export async function ensureDatabaseExists(connectionString: string, logger?: ConnectionLogger): Promise<void> {
  const url = new URL(connectionString);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`Unsupported database name: ${name}`);
  url.pathname = '/postgres';
  const admin = survivesLostConnections(new Pool({ connectionString: url.toString(), max: 1 }), logger);
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
