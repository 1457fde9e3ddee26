import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { createPgliteDatabase, createPostgresDatabase, ensureDatabaseExists, migrate, type Database } from '../src';

const ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

async function migrationsFolder(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'migrations-'));
  await writeFile(path.join(dir, '0001_init.sql'), 'create table notes (id serial primary key, body text not null);\ncreate index on notes (body);');
  await writeFile(path.join(dir, '0002_more.sql'), "alter table notes add column tag text not null default 'x';");
  return dir;
}

const adapters: Array<[string, () => Promise<{ database: Database; drop(): Promise<void> }>]> = [
  [
    'PostgreSQL',
    async () => {
      const name = `kit_test_${randomUUID().replace(/-/g, '')}`;
      const url = `postgres://postgres@127.0.0.1:5432/${name}`;
      await ensureDatabaseExists(url);
      const database = createPostgresDatabase(url);
      return {
        database,
        drop: async () => {
          await database.close();
          const admin = createPostgresDatabase(ADMIN_URL, 1);
          await sql.raw(`drop database ${name} with (force)`).execute(admin.db);
          await admin.close();
        },
      };
    },
  ],
  ['PGlite', async () => {
    const database = await createPgliteDatabase(undefined);
    return { database, drop: () => database.close() };
  }],
];

describe.each(adapters)('database on %s', (_name, open) => {
  let handle: Awaited<ReturnType<typeof open>>;
  let dir: string;

  beforeAll(async () => {
    handle = await open();
    dir = await migrationsFolder();
  });
  afterAll(() => handle.drop());

  it('applies each migration once, in order, inside the service schema', async () => {
    const schema = `s_${randomUUID().slice(0, 8)}`;
    expect(await migrate(handle.database, schema, dir)).toEqual(['0001_init.sql', '0002_more.sql']);
    expect(await migrate(handle.database, schema, dir)).toEqual([]);
    await handle.database.db.withSchema(schema).insertInto('notes').values({ body: 'hello' }).execute();
    const rows = await handle.database.db.withSchema(schema).selectFrom('notes').selectAll().execute();
    expect(rows).toEqual([{ id: 1, body: 'hello', tag: 'x' }]);
  });

  it('lets concurrent starts apply a migration exactly once', async () => {
    const schema = `c_${randomUUID().slice(0, 8)}`;
    const results = await Promise.all([migrate(handle.database, schema, dir), migrate(handle.database, schema, dir), migrate(handle.database, schema, dir)]);
    expect(results.flat().sort()).toEqual(['0001_init.sql', '0002_more.sql']);
  });

  it('rolls a failed transaction back', async () => {
    const schema = `r_${randomUUID().slice(0, 8)}`;
    await migrate(handle.database, schema, dir);
    await expect(
      handle.database.db.transaction().execute(async (trx) => {
        await trx.withSchema(schema).insertInto('notes').values({ body: 'kept?' }).execute();
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await handle.database.db.withSchema(schema).selectFrom('notes').selectAll().execute()).toEqual([]);
  });

  it('answers ping', async () => {
    expect(await handle.database.ping()).toBe(true);
  });

  it('refuses an unsafe schema name', async () => {
    await expect(migrate(handle.database, 'x; drop table y', dir)).rejects.toThrow('Bad schema name');
  });
});
