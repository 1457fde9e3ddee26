import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { waitFor } from '@warriors/test-support';
import { createPgliteDatabase, createPostgresDatabase, ensureDatabaseExists, isDependencyFailure, migrate, preparedStatement, type Database } from '../src';

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
  [
    'PGlite',
    async () => {
      const database = await createPgliteDatabase(undefined);
      return { database, drop: () => database.close() };
    },
  ],
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

  it.each(['UTC', 'Asia/Kolkata'])('stores and reads timestamptz instants exactly, early years and BC included (session zone %s)', async (zone) => {
    const instants = [
      '0000-03-01T12:34:56.789Z',
      '0001-01-01T00:00:00.000Z',
      '0042-03-01T00:00:00.000Z',
      '0099-12-31T23:59:59.999Z',
      '1999-12-31T23:59:59.999Z',
      '2026-03-02T15:00:00.123Z',
    ];
    await handle.database.db.connection().execute(async (conn) => {
      await sql.raw(`set time zone '${zone}'`).execute(conn);
      const table = `t_${randomUUID().slice(0, 8)}`;
      await sql.raw(`create temporary table ${table} (at timestamptz not null)`).execute(conn);
      for (const instant of instants) await sql`insert into ${sql.table(table)} (at) values (${new Date(instant)})`.execute(conn);
      const { rows } = await sql<{ at: Date }>`select at from ${sql.table(table)} order by at`.execute(conn);
      expect(rows.map((row) => row.at.toISOString())).toEqual(instants);
      await sql.raw(`reset time zone`).execute(conn);
    });
  });

  it('takes a timestamptz parameter given as ISO text, as the services and their tests pass some', async () => {
    const { rows } = await sql<{ at: Date }>`select ${'2026-03-02T15:00:00.123Z'}::timestamptz as at`.execute(handle.database.db);
    expect(rows[0]!.at.toISOString()).toBe('2026-03-02T15:00:00.123Z');
  });

  it('runs a statement marked as prepared with its own parameters each time', async () => {
    const text = preparedStatement(`select sum(value::int)::int as total from json_array_elements_text($1::json)`);
    const run = async (values: number[]) => (await handle.database.db.executeQuery<{ total: number }>(CompiledQuery.raw(text, [JSON.stringify(values)]))).rows[0]!.total;
    expect(await run([1, 2])).toBe(3);
    expect(await run([40, 2])).toBe(42);
  });
});

describe('a statement marked as prepared, on PostgreSQL', () => {
  const name = `kit_prepared_${randomUUID().replace(/-/g, '')}`;
  const url = `postgres://postgres@127.0.0.1:5432/${name}`;
  let database: Database;

  beforeAll(async () => {
    await ensureDatabaseExists(url);
    // One connection: every statement below runs on the same backend.
    database = createPostgresDatabase(url, 1);
  });
  afterAll(async () => {
    await database.close();
    const admin = createPostgresDatabase(ADMIN_URL, 1);
    await sql.raw(`drop database ${name} with (force)`).execute(admin.db);
    await admin.close();
  });

  const preparedOnTheConnection = async () =>
    (await sql<{ statement: string; calls: number }>`select statement, (generic_plans + custom_plans)::int as calls from pg_prepared_statements`.execute(database.db)).rows;

  it('is parsed once on the connection and run from there; other statements are not kept', async () => {
    const text = preparedStatement(`select count(*)::int as n from json_array_elements($1::json)`);
    for (const size of [1, 2, 3]) {
      const { rows } = await database.db.executeQuery<{ n: number }>(CompiledQuery.raw(text, [JSON.stringify(Array(size).fill(0))]));
      expect(rows[0]!.n).toBe(size);
    }
    await sql`select ${1}::int as unmarked`.execute(database.db);
    expect(await preparedOnTheConnection()).toEqual([{ statement: text, calls: 3 }]);
  });
});

describe('PostgreSQL connections the server drops', () => {
  const name = `kit_drop_${randomUUID().replace(/-/g, '')}`;
  const url = `postgres://postgres@127.0.0.1:5432/${name}`;
  const losses: object[] = [];
  const recordingLogger = { warn: (obj: object) => void losses.push(obj) };
  const POOL_SIZE = 4;
  let database: Database;
  /** Its own connection, outside the pool under test, that terminates the others. */
  let killer: Database;

  beforeAll(async () => {
    await ensureDatabaseExists(url);
    database = createPostgresDatabase(url, POOL_SIZE, recordingLogger);
    killer = createPostgresDatabase(url, 1);
  });
  afterAll(async () => {
    await database.close();
    await killer.close();
    const admin = createPostgresDatabase(ADMIN_URL, 1);
    await sql.raw(`drop database ${name} with (force)`).execute(admin.db);
    await admin.close();
  });
  beforeEach(() => void losses.splice(0));

  const terminate = async (pids: number[]): Promise<void> => {
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where pid in (${sql.join(pids)})`.execute(killer.db);
  };
  const backendPid = async (executor: Kysely<any>): Promise<number> => (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(executor)).rows[0]!.pid;
  const stillAnswers = async (): Promise<void> => {
    const answers = await Promise.all(Array.from({ length: POOL_SIZE }, () => sql<{ one: number }>`select 1 as one`.execute(database.db)));
    expect(answers.map((a) => a.rows[0]!.one)).toEqual(Array(POOL_SIZE).fill(1));
  };

  it('fails the transaction of a checked-out client whose connection is terminated between queries, then serves the next query', async () => {
    const failure = await database.db
      .transaction()
      .execute(async (trx) => {
        await terminate([await backendPid(trx)]);
        // The client, checked out and idle between two queries, hears of the loss: without a listener
        // of its own pg's 'error' event would end this process here.
        await waitFor(() => losses.length > 0, 10_000, 'the loss reported');
        await sql`select 1`.execute(trx);
      })
      .then(
        () => undefined,
        (err: unknown) => err,
      );
    expect(isDependencyFailure(failure)).toBe(true);
    expect(losses).toEqual([expect.objectContaining({ code: '57P01' })]);
    await stillAnswers();
  });

  it('fails a query running when its connection is terminated, then serves the next query', async () => {
    const failure = await database.db
      .transaction()
      .execute(async (trx) => {
        const pid = await backendPid(trx);
        const sleeping = sql`select pg_sleep(10)`.execute(trx);
        const running = async () =>
          (await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where pid = ${pid} and wait_event = 'PgSleep'`.execute(killer.db)).rows[0]!.n === 1;
        await waitFor(running, 10_000, 'the query running');
        await terminate([pid]);
        await sleeping;
      })
      .then(
        () => undefined,
        (err: unknown) => err,
      );
    expect(isDependencyFailure(failure)).toBe(true);
    await stillAnswers();
  });

  it('replaces idle clients whose connections are terminated', async () => {
    // Every client of the pool opened and back in it, idle.
    const pids = await Promise.all(
      Array.from({ length: POOL_SIZE }, () =>
        database.db.connection().execute(async (conn) => {
          await sql`select pg_sleep(0.05)`.execute(conn);
          return backendPid(conn);
        }),
      ),
    );
    expect(new Set(pids).size).toBe(POOL_SIZE);
    await terminate(pids);
    await waitFor(() => losses.length === POOL_SIZE, 10_000, 'every loss reported');
    await stillAnswers();
    const replaced = await backendPid(database.db);
    expect(pids).not.toContain(replaced);
  });
});
