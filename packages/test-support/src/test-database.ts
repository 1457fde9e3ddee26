import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { createPgliteDatabase, createPostgresDatabase, type Database } from '@warriors/kit';

export const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function admin(statement: string): Promise<void> {
  const client = new Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export interface TestDatabase {
  database: Database;
  /** Closes the database and removes it. */
  drop(): Promise<void>;
}

/** A database of its own for one test file, dropped at the end, so files never see each other's rows. */
export async function createTestDatabase(prefix: string): Promise<TestDatabase & { url: string }> {
  const name = `${prefix}_test_${randomBytes(6).toString('hex')}`;
  await admin(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const database = createPostgresDatabase(url.toString());
  return {
    database,
    url: url.toString(),
    async drop() {
      await database.close();
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * Both stores the product runs on, for describe.each: PostgreSQL (the stack, a database of the test's
 * own) and PGlite (the embedded product, in memory).
 */
export function bothDatabases(prefix: string): Array<[engine: string, open: () => Promise<TestDatabase>]> {
  return [
    ['PostgreSQL', () => createTestDatabase(prefix)],
    [
      'PGlite',
      async () => {
        const database = await createPgliteDatabase(undefined);
        return { database, drop: () => database.close() };
      },
    ],
  ];
}
