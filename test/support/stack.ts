import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { createPostgresDatabase, createRedis, ensureDatabaseExists, loadServiceRegistry, upstreamVariable } from '@warriors/kit';
import { sql } from 'kysely';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { deleteKeysMatching, freePort, waitFor } from '@warriors/test-support';

const ROOT = path.resolve(__dirname, '../..');

interface Proc {
  script: string;
  execArgv: string[];
  env: NodeJS.ProcessEnv;
  child: ChildProcess | null;
  output: string[];
}

/**
 * The stack as separate processes (the built dist/ of each), against the real PostgreSQL, NATS and
 * Redis, with its own database so runs never share rows.
 */
export interface TestStack {
  url: string;
  /** This run's own JetStream stream and subject prefix on the shared NATS server. */
  nats: { stream: string; prefix: string };
  /** This run's own Redis key namespace for the leaderboards. */
  leaderboardNamespace: string;
  /** Runs a built entry point (e.g. a service's CLI) with this stack's environment for one service. */
  run(service: string, script: string): Promise<{ code: number | null; output: string }>;
  stop(name: string): Promise<void>;
  /** SIGKILL: the process dies mid-request, as in a crash or an OOM kill. */
  kill(name: string): Promise<void>;
  /** Starts a stopped process; `env` changes its environment from now on (undefined removes a variable). */
  start(name: string, env?: Record<string, string | undefined>): Promise<void>;
  close(): Promise<void>;
  logs(name: string): string;
  /** Changes every process's environment from its next start on (e.g. DATABASE_URL moved to a promoted replica). */
  configure(env: Record<string, string>): void;
  /** A process's own URL, e.g. `social-2`'s (the second instance when `instances` asked for more). */
  urlOf(name: string): string;
  /** The process id of a running service or the gateway (the bench reads its CPU time). */
  pid(name: string): number | undefined;
  /** This run's own PostgreSQL database. */
  database: string;
}

export interface StackOptions {
  /** Another gateway entry point (the bench's adds a bare route); run with these node arguments. */
  gateway?: { script: string; execArgv?: string[] };
  /** Extra environment for every process, e.g. LOG_LEVEL. */
  env?: Record<string, string>;
  /** Node arguments for some services' processes, e.g. { activity: ['--cpu-prof'] } to profile one. */
  serviceExecArgv?: Record<string, string[]>;
  /** Another entry point for some services (the bench's activity takes the services it waits for from its environment). */
  serviceScripts?: Record<string, string>;
  /**
   * Processes per service, e.g. { social: 2 }: the first is named as the service, the others
   * `<service>-2`, ...; the gateway's `<SERVICE>_URLS` lists them all (round robin).
   */
  instances?: Record<string, number>;
  /**
   * Processes listed in the gateway's pools but not started (e.g. `activity-3`, a slot for an
   * instance to add later with `start`): the gateway leaves them out while they refuse connections.
   */
  notStarted?: string[];
  /**
   * A database on a PostgreSQL of the test's own (test-support's startOwnPostgres), created if missing, instead of one
   * made on the shared server; the test owns that server and removes it.
   */
  databaseUrl?: string;
}

/**
 * For load and fault tests whose users log far faster than any broker: the per-user velocity limits
 * are lifted so the test measures its fault, not 429s (the limits have tests of their own).
 */
export const UNTHROTTLED_LOGGING: Record<string, string> = {
  ACTIVITY_LOGS_PER_MINUTE: '1000000',
  ACTIVITY_BULK_LOGS_PER_10_MINUTES: '1000000',
};

/** Every service of the registry, each in its own process behind the gateway. */
export const STACK_SERVICES: readonly string[] = loadServiceRegistry().services.map((service) => service.name);

export async function startStack(options: StackOptions = {}): Promise<TestStack> {
  const databaseUrl = options.databaseUrl ?? `postgres://postgres@127.0.0.1:5432/system_${randomUUID().replace(/-/g, '')}`;
  const database = new URL(databaseUrl).pathname.slice(1);
  await ensureDatabaseExists(databaseUrl);
  const runId = randomUUID().replace(/-/g, '').slice(0, 12);
  const nats = { stream: `SYSTEM_${runId}`, prefix: `sys${runId}` };
  const leaderboardNamespace = `lb_${runId}`;
  const gatewayPort = await freePort();
  const common = {
    ...process.env,
    NATS_STREAM: nats.stream,
    NATS_SUBJECT_PREFIX: nats.prefix,
    LEADERBOARD_NAMESPACE: leaderboardNamespace,
    DATABASE_URL: databaseUrl,
    NATS_URL: 'nats://127.0.0.1:4222',
    // Sentinels name the Redis primary themselves, and REDIS_URL may not be set beside them.
    REDIS_URL: options.env?.REDIS_SENTINELS ? undefined : 'redis://127.0.0.1:6379',
    JWT_SECRET: randomBytes(48).toString('base64url'),
    LOG_LEVEL: 'warn',
    NODE_OPTIONS: '',
    // The flows assert the effects a log answers with; on a loaded CI machine the pipeline to
    // gamification can take longer than the product's 300 ms, which would drop them from the answer.
    ACTIVITY_EFFECTS_WAIT_MS: '5000',
    // Never the real model server of the developer's shell: a test that wants one points these at a fake.
    OPENAI_API_KEY: '',
    OPENAI_BASE_URL: '',
    // Mail's links point at this stack's gateway; without a test's SMTP_URL, mails are files of the run's own.
    PUBLIC_URL: `http://127.0.0.1:${gatewayPort}`,
    SMTP_URL: '',
    MAIL_DIR: path.join(os.tmpdir(), `warriors-mail-${runId}`),
    ...options.env,
  };
  const procs = new Map<string, Proc>();
  const gatewayEnv: NodeJS.ProcessEnv = { AUTH_RATE_LIMIT_PER_MINUTE: '1000', ...common, HOST: '127.0.0.1' };
  for (const service of STACK_SERVICES) {
    const urls: string[] = [];
    for (let instance = 1; instance <= (options.instances?.[service] ?? 1); instance++) {
      const port = await freePort();
      const name = instance === 1 ? service : `${service}-${instance}`;
      procs.set(name, {
        script: options.serviceScripts?.[service] ?? `services/${service}/dist/main.js`,
        execArgv: options.serviceExecArgv?.[service] ?? [],
        env: { ...common, PORT: String(port) },
        child: null,
        output: [],
      });
      urls.push(`http://127.0.0.1:${port}`);
    }
    gatewayEnv[upstreamVariable(service)] = urls.join(',');
  }
  procs.set('gateway', {
    script: options.gateway?.script ?? 'gateway/dist/main.js',
    execArgv: options.gateway?.execArgv ?? [],
    env: { ...gatewayEnv, PORT: String(gatewayPort) },
    child: null,
    output: [],
  });
  const url = `http://127.0.0.1:${gatewayPort}`;

  const spawnProc = (proc: Proc) => {
    const child = spawn(process.execPath, [...proc.execArgv, path.join(ROOT, proc.script)], { env: proc.env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (d: Buffer) => proc.output.push(d.toString()));
    child.stderr!.on('data', (d: Buffer) => proc.output.push(d.toString()));
    proc.child = child;
  };
  const ready = (port: string) => async () => {
    try {
      return (await fetch(`http://127.0.0.1:${port}/readyz`)).ok;
    } catch {
      return false;
    }
  };

  const signal = async (name: string, how: NodeJS.Signals) => {
    const child = procs.get(name)!.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(how);
    await exited;
  };

  const stack: TestStack = {
    url,
    nats,
    leaderboardNamespace,
    run: (service, script) =>
      new Promise((resolve) => {
        const child = spawn(process.execPath, [path.join(ROOT, script)], { env: procs.get(service)!.env, stdio: ['ignore', 'pipe', 'pipe'] });
        let output = '';
        child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
        child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
        child.on('exit', (code) => resolve({ code, output }));
      }),
    logs: (name) => procs.get(name)!.output.join(''),
    urlOf: (name) => `http://127.0.0.1:${procs.get(name)!.env.PORT!}`,
    pid: (name) => procs.get(name)?.child?.pid,
    database,
    configure(env) {
      for (const proc of procs.values()) Object.assign(proc.env, env);
    },
    async start(name, env = {}) {
      const proc = procs.get(name)!;
      proc.env = { ...proc.env, ...env };
      for (const [key, value] of Object.entries(env)) if (value === undefined) delete proc.env[key];
      spawnProc(proc);
      // A cold start (migrations checked, consumers bound) can take tens of seconds on a loaded 2-core machine.
      await waitFor(ready(proc.env.PORT!), 60_000, `${name} ready`, () => proc.output.join(''));
    },
    stop: (name) => signal(name, 'SIGTERM'),
    kill: (name) => signal(name, 'SIGKILL'),
    async close() {
      for (const name of procs.keys()) await stack.stop(name);
      if (!options.databaseUrl) {
        const admin = createPostgresDatabase('postgres://postgres@127.0.0.1:5432/postgres', 1);
        await sql.raw(`drop database if exists ${database} with (force)`).execute(admin.db);
        await admin.close();
      }
      const nc = await connect({ servers: 'nats://127.0.0.1:4222' });
      await (await jetstreamManager(nc)).streams.delete(nats.stream).catch(() => false);
      await nc.close();
      const redis = createRedis('redis://127.0.0.1:6379');
      // The leaderboards' keys, and the challenge boards' under `<namespace>-challenges`.
      for (const pattern of [`${leaderboardNamespace}:*`, `${leaderboardNamespace}-challenges:*`]) await deleteKeysMatching(redis, pattern);
      redis.disconnect();
    },
  };
  try {
    for (const name of procs.keys()) if (!options.notStarted?.includes(name)) await stack.start(name);
  } catch (err) {
    // A process that never got ready: stop those that did, so no half stack outlives the caller.
    await stack.close();
    throw err;
  }
  return stack;
}
