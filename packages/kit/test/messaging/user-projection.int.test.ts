import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { EventOf, UserProjection } from '@warriors/contracts';
import { applyUserEvent, createPgliteDatabase, fixedClock, migrate, projectUsers, recordDeadLetter, type Database, type ProjectedColumn } from '../../src';
import { createTestDatabase } from '@warriors/test-support';
import { userRegistered } from './bus/events';

const ALL_FIELDS: ProjectedColumn[] = [
  'name',
  'username',
  'profile_picture',
  'company',
  'city',
  'state',
  'timezone',
  'profile_public',
  'show_on_leaderboard',
  'show_in_battle_pulse',
];
const BOARD_FIELDS = ALL_FIELDS.filter((column) => column !== 'show_in_battle_pulse');

/**
 * The consumer tables as each service created them itself before kit held them (their 0001
 * migrations at fe0f7ab), with the rows a running product had in them.
 */
const PRE_KIT = {
  activity: {
    columns: ALL_FIELDS,
    tables: `
      create table users (user_id text primary key, name text not null, username text not null, profile_picture text, company text, city text, state text, timezone text not null, profile_public boolean not null, show_on_leaderboard boolean not null, show_in_battle_pulse boolean not null, event_at timestamptz);
      create table deleted_users (user_id text primary key, deleted_at timestamptz not null);
      create table inbox (event_id text primary key, applied_at timestamptz not null);
      create table dead_letters (id bigint generated always as identity primary key, subject text not null, durable text not null, deliveries integer not null, error text not null, payload text not null, created_at timestamptz not null);
      insert into users values ('u1', 'Ada', 'ada', null, null, null, null, 'UTC', true, true, true, '2025-03-01T00:00:00Z');
      insert into dead_letters (subject, durable, deliveries, error, payload, created_at) values ('user.updated', 'activity_users', 5, 'boom', '{}', '2025-03-02T00:00:00Z');`,
  },
  gamification: {
    columns: BOARD_FIELDS,
    tables: `
      create table users (user_id text primary key, name text not null, username text not null, profile_picture text, company text, city text, state text, timezone text not null, show_on_leaderboard boolean not null, profile_public boolean not null, last_activity_at timestamptz, updated_at timestamptz not null);
      create table deleted_users (user_id text primary key, deleted_at timestamptz not null);
      create table inbox (event_id text primary key, applied_at timestamptz not null);
      create table dead_letters (id bigserial primary key, subject text not null, durable text not null, deliveries integer not null, error text not null, payload text not null, received_at timestamptz not null);
      insert into users values ('u1', 'Ada', 'ada', null, null, null, null, 'UTC', true, true, null, '2025-03-01T00:00:00Z');
      insert into dead_letters (subject, durable, deliveries, error, payload, received_at) values ('user.updated', 'gamification_users', 5, 'boom', '{}', '2025-03-02T00:00:00Z');`,
  },
  campaigns: {
    columns: ['timezone'] as ProjectedColumn[],
    tables: `
      create table users (user_id text primary key, timezone text not null, event_at timestamptz not null);
      create table deleted_users (user_id text primary key, deleted_at timestamptz not null);
      create table inbox (event_id text primary key, applied_at timestamptz not null);
      create table dead_letters (id bigserial primary key, subject text not null, durable text not null, deliveries integer not null, error text not null, payload text not null, received_at timestamptz not null);
      insert into users values ('u1', 'UTC', '2025-03-01T00:00:00Z');
      insert into dead_letters (subject, durable, deliveries, error, payload, received_at) values ('user.updated', 'campaigns_users', 5, 'boom', '{}', '2025-03-02T00:00:00Z');`,
  },
};

const KIT_TABLES = ['users', 'deleted_users', 'inbox', 'dead_letters'];

/** The kit tables' columns: name, type and nullability (what the consumer's statements rely on). */
async function columnsOf(database: Database, schema: string): Promise<string[]> {
  const rows = await sql<{ line: string }>`
    select table_name || '.' || column_name || ' ' || data_type || (case when is_nullable = 'NO' then ' not null' else '' end) as line
    from information_schema.columns
    where table_schema = ${schema} and table_name in (${sql.join(KIT_TABLES)}) and column_name <> 'last_activity_at'
    order by 1`.execute(database.db);
  return rows.rows.map((row) => row.line);
}

const user = (id: string, name: string): UserProjection => ({ ...(userRegistered(id) as EventOf<'user.registered'>).data, name });
const updated = (data: UserProjection, occurredAt: string): EventOf<'user.updated'> => ({ id: randomUUID(), type: 'user.updated', v: 1, occurredAt, data });

describe.each<[string, () => Promise<{ database: Database; drop(): Promise<void> }>]>([
  ['PostgreSQL', () => createTestDatabase('kit_projection')],
  [
    'PGlite',
    async () => {
      const database = await createPgliteDatabase(undefined);
      return { database, drop: () => database.close() };
    },
  ],
])("kit's consumer tables on %s", (_engine, open) => {
  let handle: Awaited<ReturnType<typeof open>>;
  let noFiles: string;
  const clock = fixedClock('2025-03-10T00:00:00Z');

  beforeAll(async () => {
    handle = await open();
    noFiles = await mkdtemp(path.join(os.tmpdir(), 'no-migrations-'));
  });
  afterAll(async () => {
    await handle.drop();
    await rm(noFiles, { recursive: true });
  });

  it.each(Object.entries(PRE_KIT))("upgrades %s's own tables in place: rows kept, drifted columns renamed, the same shape as a new schema", async (service, before) => {
    const { database } = handle;
    const upgraded = `${service}_${randomUUID().slice(0, 8)}`;
    const fresh = `${service}_${randomUUID().slice(0, 8)}`;
    const projection = (schema: string) => projectUsers({ schema, columns: before.columns, lockKey: (id) => `${schema}:${id}` });
    await sql.raw(`create schema ${upgraded}; set search_path to ${upgraded}; ${before.tables}; set search_path to public`).execute(database.db);

    expect(await migrate(database, upgraded, noFiles, { shared: projection(upgraded).migrations })).toEqual(['kit:0001_consumer_tables', 'kit:0002_session_floors']);
    await migrate(database, fresh, noFiles, { shared: projection(fresh).migrations });

    expect(await columnsOf(database, upgraded)).toEqual(await columnsOf(database, fresh));
    const letters = await sql<{ durable: string; received_at: Date }>`select durable, received_at from ${sql.table(`${upgraded}.dead_letters`)}`.execute(database.db);
    expect(letters.rows).toEqual([{ durable: `${service}_users`, received_at: new Date('2025-03-02T00:00:00Z') }]);
    const users = await sql<{ user_id: string; event_at: Date }>`select user_id, event_at from ${sql.table(`${upgraded}.users`)}`.execute(database.db);
    expect(users.rows).toEqual([{ user_id: 'u1', event_at: new Date('2025-03-01T00:00:00Z') }]);

    // The consumer's statements run on the upgraded tables: one dead-letter insert for every service,
    // and the projection's order by event time.
    await recordDeadLetter(database.db, upgraded, { subject: 'user.deleted', durable: 'd', deliveries: 5, error: 'e', payload: '{}' }, clock.now());
    const deps = { db: database.db, clock, users: projection(upgraded) };
    await applyUserEvent(deps, updated(user('u1', 'Older'), '2025-02-01T00:00:00Z'));
    await applyUserEvent(deps, updated(user('u2', 'New'), '2025-03-05T00:00:00Z'));
    const rows = await sql<{ user_id: string; event_at: Date }>`select user_id, event_at from ${sql.table(`${upgraded}.users`)} order by user_id`.execute(database.db);
    expect(rows.rows).toEqual([
      { user_id: 'u1', event_at: new Date('2025-03-01T00:00:00Z') },
      { user_id: 'u2', event_at: new Date('2025-03-05T00:00:00Z') },
    ]);
  });

  it('applies a user event once, keeps a deleted user deleted and runs the hooks around the deletion', async () => {
    const { database } = handle;
    const schema = `p_${randomUUID().slice(0, 8)}`;
    const users = projectUsers({ schema, columns: ['name', 'timezone'], lockKey: (id) => `${schema}:${id}` });
    await migrate(database, schema, noFiles, { shared: users.migrations });
    const seen: string[] = [];
    const deps = {
      db: database.db,
      clock,
      users,
      hooks: {
        forget: async (_trx: unknown, userId: string) => void seen.push(`forget ${userId}`),
        afterEach: (event: { type: string }) => void seen.push(`after ${event.type}`),
      },
    };
    const registered = { ...updated(user('u1', 'Ada'), '2025-03-01T00:00:00Z'), type: 'user.registered' as const };
    const deleted: EventOf<'user.deleted'> = { id: randomUUID(), type: 'user.deleted', v: 1, occurredAt: '2025-03-02T00:00:00Z', data: { user_id: 'u1' } };
    await applyUserEvent(deps, registered);
    await applyUserEvent(deps, deleted);
    await applyUserEvent(deps, deleted);
    // A late update (it happened before the deletion) does not bring the user back.
    await applyUserEvent(deps, updated(user('u1', 'Late'), '2025-03-01T12:00:00Z'));

    expect(seen).toEqual(['after user.registered', 'forget u1', 'after user.deleted', 'after user.deleted', 'after user.updated']);
    expect(await database.db.withSchema(schema).selectFrom('users').selectAll().execute()).toEqual([]);
    expect(await users.isDeleted(database.db, 'u1')).toBe(true);
  });

  it('lockLive answers true for a live or not yet known user and false once the user is deleted', async () => {
    const { database } = handle;
    const schema = `p_${randomUUID().slice(0, 8)}`;
    const users = projectUsers({ schema, columns: ['name'], lockKey: (id) => `${schema}:${id}` });
    await migrate(database, schema, noFiles, { shared: users.migrations });
    const lockLive = (userId: string) => database.db.transaction().execute((trx) => users.lockLive(trx, userId));
    await applyUserEvent({ db: database.db, clock, users }, { ...updated(user('u1', 'Ada'), '2025-03-01T00:00:00Z'), type: 'user.registered' });
    expect([await lockLive('u1'), await lockLive('u2')]).toEqual([true, true]);
    await applyUserEvent({ db: database.db, clock, users }, { id: randomUUID(), type: 'user.deleted', v: 1, occurredAt: '2025-03-02T00:00:00Z', data: { user_id: 'u1' } });
    expect([await lockLive('u1'), await lockLive('u2')]).toEqual([false, true]);
  });

  it('refuses a token below the session floor and of a deleted user; a later, lower revocation never lowers the floor', async () => {
    const { database } = handle;
    const schema = `p_${randomUUID().slice(0, 8)}`;
    const users = projectUsers({ schema, columns: ['name'], lockKey: (id) => `${schema}:${id}` });
    await migrate(database, schema, noFiles, { shared: users.migrations });
    const deps = { db: database.db, clock, users };
    const revoked = (version: number): EventOf<'user.sessions_revoked'> => ({
      id: randomUUID(),
      type: 'user.sessions_revoked',
      v: 1,
      occurredAt: '2025-03-02T00:00:00Z',
      data: { user_id: 'u1', credential_version: version },
    });
    const refuses = (id: string, credentialVersion: number) => users.refusesToken(database.db, { id, credentialVersion });
    await applyUserEvent(deps, { ...updated(user('u1', 'Ada'), '2025-03-01T00:00:00Z'), type: 'user.registered' });
    expect([await refuses('u1', 0), await refuses('u2', 0)]).toEqual([false, false]);

    await applyUserEvent(deps, revoked(2));
    await applyUserEvent(deps, revoked(1));
    expect([await refuses('u1', 0), await refuses('u1', 1), await refuses('u1', 2), await refuses('u1', 3)]).toEqual([true, true, false, false]);

    await applyUserEvent(deps, { id: randomUUID(), type: 'user.deleted', v: 1, occurredAt: '2025-03-03T00:00:00Z', data: { user_id: 'u1' } });
    expect(await refuses('u1', 5)).toBe(true);
  });
});
