// Rebuilding Redis's boards from the points ledger for many warriors, as an operator runs it
// (`node services/gamification/dist/rebuild.js`) and as the service does by itself after a Redis
// flush. A database of its own: the gamification service starts once on it (its migrations, as in
// the product), the ledger is seeded with set-based SQL, then the product's rebuild command runs.
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { sql } from 'kysely';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { createPostgresDatabase, createRedis, ensureDatabaseExists } from '@warriors/kit';
import { deleteKeysMatching, freePort, waitFor } from '@warriors/test-support';

const ROOT = path.resolve(__dirname, '../..');
/** Days back of each warrior's rows: today (on every live board), within the week, within the month. */
const DAYS_BACK = [0, 3, 20];

export interface RebuildFigures {
  users: number;
  ledgerRows: number;
  /** Why the command failed, when it did (e.g. its rebuild outlived the lock): a finding, not the bench's error. */
  failure?: string;
  /** The rebuild as the command logs it: from its start to the boards committed and caught up. */
  rebuildMs: number;
  /** The command's process from spawn to exit (node's start and the connections included). */
  processMs: number;
  keys: number;
}

interface Finished {
  code: number | null;
  output: string;
  ms: number;
}

function runNode(script: string, env: NodeJS.ProcessEnv): Promise<Finished> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT, script)], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('exit', (code) => resolve({ code, output, ms: performance.now() - started }));
  });
}

async function migrateWithTheService(env: NodeJS.ProcessEnv): Promise<void> {
  const output: string[] = [];
  const service = spawn(process.execPath, [path.join(ROOT, 'services/gamification/dist/main.js')], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  service.stdout.on('data', (d: Buffer) => output.push(d.toString()));
  service.stderr.on('data', (d: Buffer) => output.push(d.toString()));
  try {
    await waitFor(
      async () => {
        try {
          return (await fetch(`http://127.0.0.1:${env.PORT}/readyz`)).ok;
        } catch {
          return false;
        }
      },
      60_000,
      'gamification ready on the rebuild database',
      () => output.join(''),
    );
  } finally {
    const exited = new Promise((resolve) => service.once('exit', resolve));
    service.kill('SIGTERM');
    await exited;
  }
}

export async function measureLedgerRebuild(users: number): Promise<RebuildFigures> {
  const runId = randomUUID().replace(/-/g, '').slice(0, 12);
  const databaseUrl = `postgres://postgres@127.0.0.1:5432/bench_rebuild_${runId}`;
  const stream = `BENCH_REBUILD_${runId}`;
  const namespace = `lb_rebuild_${runId}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    NATS_URL: 'nats://127.0.0.1:4222',
    NATS_STREAM: stream,
    NATS_SUBJECT_PREFIX: `benchrb${runId}`,
    REDIS_URL: 'redis://127.0.0.1:6379',
    LEADERBOARD_NAMESPACE: namespace,
    JWT_SECRET: randomBytes(48).toString('base64url'),
    LOG_LEVEL: 'info',
    NODE_OPTIONS: '',
    PORT: String(await freePort()),
  };
  await ensureDatabaseExists(databaseUrl);
  const database = createPostgresDatabase(databaseUrl, 1);
  try {
    await migrateWithTheService(env);
    const days = sql.join(DAYS_BACK.map((d) => sql`(${d}::int)`));
    // An hour before now, so no row is recent enough for the catch-up that follows the commit.
    await sql`
      insert into gamification.ledger (user_id, source, source_id, points, activity_type, quantity, local_date, occurred_at)
      select 'bench-warrior-' || u, 'activity', 'bench-' || u || '-' || days.d, 1 + (u * 7919 + days.d) % 60, 'cold_call', 1,
             to_char(at at time zone 'utc', 'YYYY-MM-DD'), at
      from generate_series(1, ${users}::int) as u
      cross join (values ${days}) as days(d)
      cross join lateral (select now() - interval '1 hour' - days.d * interval '1 day' as at) as occurred
    `.execute(database.db);
    await sql`analyze gamification.ledger`.execute(database.db);
    const ledgerRows = users * DAYS_BACK.length;
    const rebuilt = await runNode('services/gamification/dist/rebuild.js', env);
    if (rebuilt.code !== 0) return { users, ledgerRows, rebuildMs: rebuilt.ms, processMs: rebuilt.ms, keys: 0, failure: rebuilt.output.trim() };
    const logged = rebuilt.output
      .split('\n')
      .filter((line) => line.includes('leaderboards rebuilt from the ledger'))
      .map((line) => JSON.parse(line) as { ms: number; keys: number })[0];
    if (!logged) throw new Error(`the ledger rebuild did not say how long it took: ${rebuilt.output}`);
    return { users, ledgerRows, rebuildMs: logged.ms, processMs: rebuilt.ms, keys: logged.keys };
  } finally {
    await database.close();
    const admin = createPostgresDatabase('postgres://postgres@127.0.0.1:5432/postgres', 1);
    await sql.raw(`drop database if exists bench_rebuild_${runId} with (force)`).execute(admin.db);
    await admin.close();
    const nc = await connect({ servers: 'nats://127.0.0.1:4222' });
    await (await jetstreamManager(nc)).streams.delete(stream).catch(() => false);
    await nc.close();
    const redis = createRedis('redis://127.0.0.1:6379');
    await deleteKeysMatching(redis, `${namespace}:*`);
    redis.disconnect();
  }
}
