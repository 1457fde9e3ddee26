import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { waitFor } from './polling';
import { freePort } from './ports';

/** Debian's PostgreSQL 15 server binaries (the postgresql-15 package). */
const BIN = '/usr/lib/postgresql/15/bin';

/**
 * A PostgreSQL server of the test's own (initdb in a temporary folder, a free loopback port), for a
 * test that stops, promotes, backs up or restores one. The machine's shared server is never touched.
 */
export interface OwnPostgres {
  port: number;
  dataDir: string;
  /** The server's process id while it runs. */
  pid(): number | undefined;
  url(database: string): string;
  /** Runs one statement on the `postgres` database (e.g. create database). */
  query(statement: string): Promise<void>;
  /** `pg_basebackup -R -X stream` of this server into a new folder, started as its streaming standby on another free port. */
  startReplica(): Promise<OwnPostgres>;
  /** `pg_ctl promote`: a standby becomes a primary that takes writes. */
  promote(): Promise<void>;
  /** Fast shutdown (SIGINT) by pid: sessions are ended, every WAL record is sent to connected standbys first. */
  stop(): Promise<void>;
  /** Stops the server if it runs and deletes its folder. */
  remove(): Promise<void>;
}

/** initdb refuses to run as root: the server binaries run as the postgres user when the test is root. */
function serverUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const entry = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((line) => line.startsWith('postgres:'));
  if (!entry) throw new Error('the test runs as root and there is no postgres user to run PostgreSQL as');
  const [, , uid, gid] = entry.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

function runTool(tool: string, args: string[], user: { uid: number; gid: number } | undefined): void {
  const result = spawnSync(path.join(BIN, tool), args, { ...user, encoding: 'utf8', timeout: 120_000 });
  if (result.status !== 0) throw new Error(`${tool} ${args.join(' ')} failed (${result.status ?? result.signal}): ${result.stderr}${result.stdout}`);
}

async function answers(port: number): Promise<boolean> {
  const client = new Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres', connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Starts the server on an initialised folder (a primary's or a base backup's) and waits until it answers. */
async function serve(root: string, dataDir: string, user: { uid: number; gid: number } | undefined): Promise<OwnPostgres> {
  const port = await freePort();
  let output = '';
  let server: ChildProcess | undefined = spawn(
    path.join(BIN, 'postgres'),
    // The socket in the test's own folder; fsync off: the test stops processes, never the machine.
    ['-D', dataDir, '-p', String(port), '-k', root, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'max_connections=200'],
    { ...user, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  server.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  server.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  await waitFor(
    () => answers(port),
    30_000,
    `PostgreSQL on port ${port}`,
    () => output,
  );

  const own: OwnPostgres = {
    port,
    dataDir,
    pid: () => server?.pid,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async query(statement) {
      const client = new Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
      await client.connect();
      try {
        await client.query(statement);
      } finally {
        await client.end();
      }
    },
    async startReplica() {
      const replicaRoot = mkdtempSync(path.join(tmpdir(), 'own-pg-replica-'));
      if (user) chownSync(replicaRoot, user.uid, user.gid);
      const replicaData = path.join(replicaRoot, 'data');
      runTool('pg_basebackup', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-D', replicaData, '-R', '-X', 'stream', '-c', 'fast'], user);
      return serve(replicaRoot, replicaData, user);
    },
    async promote() {
      runTool('pg_ctl', ['promote', '-w', '-D', dataDir], user);
    },
    async stop() {
      const child = server;
      if (!child) return;
      server = undefined;
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGINT');
      await exited;
    },
    async remove() {
      await own.stop();
      rmSync(root, { recursive: true, force: true });
    },
  };
  return own;
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const user = serverUser();
  const root = mkdtempSync(path.join(tmpdir(), 'own-pg-'));
  if (user) chownSync(root, user.uid, user.gid);
  const dataDir = path.join(root, 'data');
  mkdirSync(dataDir, { mode: 0o700 });
  if (user) chownSync(dataDir, user.uid, user.gid);
  runTool('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync'], user);
  return serve(root, dataDir, user);
}
