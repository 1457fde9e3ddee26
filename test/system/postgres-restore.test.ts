import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { pointsFor, type ActivityType } from '@warriors/contracts';
import { createRedis } from '@warriors/kit';
import { startOwnPostgres, waitFor, type OwnPostgres } from '@warriors/test-support';
import { apiClient } from '../support/api-client';
import { STACK_SERVICES, startStack, UNTHROTTLED_LOGGING, type TestStack } from '../support/stack';

jest.setTimeout(300_000);

const USERS = 5;
const TYPES: ActivityType[] = ['cold_call', 'email', 'doorknock', 'direct_mail', 'past_client', 'thank_you_card', 'meeting'];
const WINDOWS = ['today', '7d', 'alltime'] as const;
const BIN = '/usr/lib/postgresql/15/bin';

interface Warrior {
  id: string;
  token: string;
}

/** A client tool of PostgreSQL 15 (pg_dump, pg_restore) against the test's own server. */
function pgTool(tool: string, args: string[]): void {
  const result = spawnSync(path.join(BIN, tool), args, { encoding: 'utf8', timeout: 120_000 });
  if (result.status !== 0) throw new Error(`${tool} failed (${result.status ?? result.signal}): ${result.stderr}`);
}

describe('PostgreSQL: back up and restore into a new database', () => {
  let server: OwnPostgres | undefined;
  let stack: TestStack | undefined;
  const dumpDir = mkdtempSync(path.join(tmpdir(), 'warriors-dump-'));
  const restoredNamespace = `lb_restored_${randomUUID().slice(0, 8)}`;
  beforeAll(async () => {
    server = await startOwnPostgres();
    stack = await startStack({ databaseUrl: server.url('warriors'), env: UNTHROTTLED_LOGGING });
  });
  afterAll(async () => {
    await stack?.close();
    await server?.remove();
    rmSync(dumpDir, { recursive: true, force: true });
    const redis = createRedis('redis://127.0.0.1:6379');
    for (const pattern of [`${restoredNamespace}:*`, `${restoredNamespace}-challenges:*`]) {
      const keys = await redis.keys(pattern);
      if (keys.length > 0) await redis.del(...keys);
    }
    redis.disconnect();
  });

  it('starts the services on the restored database with empty boards and rebuilds them exact from the ledger', async () => {
    const api = apiClient(stack!.url);
    const warriors: Warrior[] = [];
    const expected = new Map<string, number>();
    for (let i = 0; i < USERS; i++) {
      const signup = await api.signup({ name: `Restored Warrior ${i}`, timezone: 'UTC' });
      expect(signup.status).toBe(201);
      const warrior = { id: signup.body.user.id as string, token: signup.body.access_token as string };
      warriors.push(warrior);
      expected.set(warrior.id, 0);
      // A different amount of work for each, so the ranks mean something.
      for (let n = 0; n < 3 + 2 * i; n++) {
        const type = TYPES[(i + n) % TYPES.length]!;
        const logged = await api.call('POST', '/api/activity', { token: warrior.token, body: { activity_type: type }, headers: { 'idempotency-key': randomUUID() } });
        expect(logged.status).toBe(201);
        expected.set(warrior.id, expected.get(warrior.id)! + logged.body.activity.points);
        expect(logged.body.activity.points).toBe(pointsFor(type, 1));
      }
    }

    const boards = async () => {
      const seen: Record<string, Record<string, number | undefined>> = {};
      for (const window of WINDOWS) {
        const answer = await api.call<Array<{ id: string; points: number }>>('GET', `/api/leaderboard/${window}?tz=UTC`);
        seen[window] = answer.status === 200 ? Object.fromEntries(warriors.map((w) => [w.id, answer.body.find((row) => row.id === w.id)?.points])) : {};
      }
      return seen;
    };
    const standings = async () => {
      const seen: Record<string, Record<string, { rank: number | null; points: number } | undefined>> = {};
      for (const window of WINDOWS) {
        seen[window] = {};
        for (const warrior of warriors) {
          const answer = await api.call('GET', `/api/leaderboard/me?window=${window}&tz=UTC`, { token: warrior.token });
          seen[window][warrior.id] = answer.status === 200 ? { rank: answer.body.rank, points: answer.body.points } : undefined;
        }
      }
      return seen;
    };
    const owed = Object.fromEntries(expected);
    const exact = { today: owed, '7d': owed, alltime: owed };
    // Before the backup: every point applied, so the dump holds the whole ledger.
    await waitFor(
      async () => JSON.stringify(await boards()) === JSON.stringify(exact),
      30_000,
      'the boards before the backup',
      () => stack!.logs('gamification'),
    );
    const standingsBefore = await standings();

    const dump = path.join(dumpDir, 'warriors.dump');
    let started = Date.now();
    pgTool('pg_dump', ['-h', '127.0.0.1', '-p', String(server!.port), '-U', 'postgres', '-Fc', '-f', dump, 'warriors']);
    const dumpMs = Date.now() - started;

    // The restore: a new database from the dump, the services on it with an empty Redis namespace.
    for (const name of ['gateway', ...STACK_SERVICES]) await stack!.stop(name);
    started = Date.now();
    await server!.query('create database warriors_restored');
    pgTool('pg_restore', ['-h', '127.0.0.1', '-p', String(server!.port), '-U', 'postgres', '-d', 'warriors_restored', '--exit-on-error', dump]);
    const restoreMs = Date.now() - started;
    await server!.query('drop database warriors with (force)');
    stack!.configure({ DATABASE_URL: server!.url('warriors_restored'), LEADERBOARD_NAMESPACE: restoredNamespace });
    started = Date.now();
    for (const name of [...STACK_SERVICES, 'gateway']) await stack!.start(name);
    await waitFor(
      async () => JSON.stringify(await boards()) === JSON.stringify(exact),
      60_000,
      'the boards rebuilt from the restored ledger',
      () => stack!.logs('gamification'),
    );
    const rebuiltMs = Date.now() - started;

    expect(await boards()).toEqual(exact);
    expect(await standings()).toEqual(standingsBefore);
    for (const window of WINDOWS) {
      for (const warrior of warriors) expect(standingsBefore[window]![warrior.id]!.points).toBe(expected.get(warrior.id));
    }
    // The restored product keeps working: a new log lands on the rebuilt boards.
    const more = await api.call('POST', '/api/activity', { token: warriors[0]!.token, body: { activity_type: 'meeting' }, headers: { 'idempotency-key': randomUUID() } });
    expect(more.status).toBe(201);
    await waitFor(
      async () => (await boards()).alltime![warriors[0]!.id] === expected.get(warriors[0]!.id)! + more.body.activity.points,
      30_000,
      'a log after the restore on the boards',
    );
    console.log(
      `PostgreSQL backup and restore: ${[...expected.values()].reduce((a, b) => a + b, 0)} points of ${USERS} warriors; ` +
        `pg_dump -Fc ${dumpMs} ms (${statSync(dump).size} bytes), pg_restore into a new database ${restoreMs} ms, ` +
        `services started and boards (today, 7d, all-time) rebuilt exact from the ledger ${rebuiltMs} ms`,
    );
  });
});
