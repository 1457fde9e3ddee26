import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { waitFor } from './polling';
import { freePort } from './ports';

/** How long a sentinel waits without an answer before it calls the primary down, and how long a failover may take. */
const DOWN_AFTER_MS = 1000;
const FAILOVER_TIMEOUT_MS = 5000;
const QUORUM = 2;
const SENTINEL_COUNT = 3;

/**
 * A Sentinel-monitored Redis of the test's own: a primary, a replica (--replicaof) and three
 * sentinels on free loopback ports, none saving data to disk (the sentinels' generated configs and
 * each server's working folder live in a temporary folder removed by stop()). A test may kill the primary, cut the replica off or
 * force a failover; the machine's shared Redis is never touched.
 */
export interface OwnRedisSentinel {
  /** host:port of each sentinel, comma-separated: REDIS_SENTINELS. */
  sentinels: string;
  /** The monitored primary's name: REDIS_SENTINEL_MASTER (unique per call, so sentinels never mix groups). */
  masterName: string;
  /** Both variables, to hand a process (and REDIS_URL cleared: it may not be set with them). */
  env: { REDIS_SENTINELS: string; REDIS_SENTINEL_MASTER: string };
  /** The port of the primary the sentinels name now. */
  currentPrimaryPort(): Promise<number>;
  /** SIGKILLs the current primary, as a crash (its data goes with it); answers its port. */
  killPrimary(): Promise<number>;
  /** Asks the sentinels to fail over now (SENTINEL FAILOVER); the old primary becomes a replica. */
  failover(): Promise<void>;
  /** Waits until the sentinels name a primary other than `formerPort` that answers as one; answers its port. */
  waitForFailover(formerPort: number, timeoutMs?: number): Promise<number>;
  /**
   * Keeps the replicas of the current primary from copying its writes from now on (their link to it
   * fails authentication), as a lagging replica would: the writes that follow are lost if one of
   * them is promoted. Resumed by resumeReplication, or by the promotion itself.
   */
  cutReplication(): Promise<void>;
  /** Lets every data server copy its primary again, and waits until each replica is in sync. */
  resumeReplication(): Promise<void>;
  /** Starts every killed data server again, empty, as a replica of the current primary, and waits until it is in sync. */
  restartKilled(): Promise<void>;
  /**
   * Freezes the sentinel listed first in `sentinels` (SIGSTOP), as a sentinel on a hung host: it keeps
   * its port and takes connections but answers nothing. The others still agree a failover. Until
   * thawSentinel, this helper asks only the others.
   */
  freezeFirstSentinel(): void;
  thawSentinel(): void;
  /** A client straight to the data server on `port` (no sentinel), for the test's inspection; closed by stop(). */
  client(port: number): Redis;
  stop(): Promise<void>;
}

interface OwnProcess {
  port: number;
  child: ChildProcess | undefined;
  output: string;
}

/** freePort answers a port free right now: asked twice before anything binds, it may answer the same one. */
async function distinctFreePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
}

/** Still running: a server that lost its port to another process exits, and must not pass for the one answering there. */
const isRunning = (server: OwnProcess): boolean => server.child !== undefined && server.child.exitCode === null && server.child.signalCode === null;

const exited = (child: ChildProcess): Promise<void> =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', () => resolve()));

/** A one-off connection that never retries, so a dead server answers at once. */
async function ask<T>(port: number, question: (redis: Redis) => Promise<T>): Promise<T> {
  const redis = new Redis({ host: '127.0.0.1', port, lazyConnect: true, enableOfflineQueue: false, retryStrategy: () => null, maxRetriesPerRequest: 0 });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    return await question(redis);
  } finally {
    redis.disconnect();
  }
}

async function replicationOf(port: number): Promise<Record<string, string> | null> {
  try {
    const info = await ask(port, (redis) => redis.info('replication'));
    return Object.fromEntries(
      info
        .split('\r\n')
        .filter((line) => line.includes(':'))
        .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1)]),
    );
  } catch {
    return null;
  }
}

export async function startOwnRedisSentinel(): Promise<OwnRedisSentinel> {
  const masterName = `own-${randomUUID().slice(0, 8)}`;
  const folder = mkdtempSync(path.join(tmpdir(), 'own-redis-sentinel-'));
  const dataServers: OwnProcess[] = [];
  const sentinelServers: OwnProcess[] = [];
  const clients: Redis[] = [];
  const everyOutput = () => [...dataServers, ...sentinelServers].map((p) => `--- ${p.port}\n${p.output.slice(-2000)}`).join('\n');

  function launch(server: OwnProcess, args: string[]): void {
    server.output = '';
    const child = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (d: Buffer) => (server.output += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (server.output += d.toString()));
    server.child = child;
  }

  async function startData(server: OwnProcess, primaryPort?: number): Promise<void> {
    // A folder of its own: a replica's sync would otherwise leave a dump.rdb in the working directory,
    // which the next redis-server started there would load. swapdb: a sync loads in memory, never to disk.
    const dir = path.join(folder, `data-${server.port}`);
    mkdirSync(dir, { recursive: true });
    const args = ['--port', String(server.port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no', '--repl-diskless-load', 'swapdb', '--daemonize', 'no'];
    launch(server, primaryPort === undefined ? args : [...args, '--replicaof', '127.0.0.1', String(primaryPort)]);
    await waitFor(
      async () => isRunning(server) && (await replicationOf(server.port)) !== null,
      10_000,
      `redis-server on port ${server.port}`,
      () => server.output,
    );
  }

  async function startSentinel(server: OwnProcess, primaryPort: number): Promise<void> {
    const config = path.join(folder, `sentinel-${server.port}.conf`);
    // The sentinel rewrites its config as it learns the group: a file of its own in the temporary folder.
    writeFileSync(
      config,
      [
        `port ${server.port}`,
        'bind 127.0.0.1',
        'daemonize no',
        `dir ${folder}`,
        `sentinel monitor ${masterName} 127.0.0.1 ${primaryPort} ${QUORUM}`,
        `sentinel down-after-milliseconds ${masterName} ${DOWN_AFTER_MS}`,
        `sentinel failover-timeout ${masterName} ${FAILOVER_TIMEOUT_MS}`,
        `sentinel parallel-syncs ${masterName} 1`,
        '',
      ].join('\n'),
    );
    launch(server, [config, '--sentinel']);
    await waitFor(
      async () => isRunning(server) && (await primaryPortFrom(server.port)) !== null,
      10_000,
      `sentinel on port ${server.port}`,
      () => server.output,
    );
  }

  async function primaryPortFrom(sentinelPort: number): Promise<number | null> {
    try {
      const answer = (await ask(sentinelPort, (redis) => redis.call('SENTINEL', 'GET-MASTER-ADDR-BY-NAME', masterName))) as [string, string] | null;
      return answer ? Number(answer[1]) : null;
    } catch {
      return null;
    }
  }

  let frozen: OwnProcess | undefined;

  async function currentPrimaryPort(): Promise<number> {
    for (const sentinel of sentinelServers) {
      if (!sentinel.child || sentinel === frozen) continue;
      const port = await primaryPortFrom(sentinel.port);
      if (port !== null) return port;
    }
    throw new Error(`no sentinel of ${masterName} answers\n${everyOutput()}`);
  }

  const dataServerOn = (port: number): OwnProcess => {
    const server = dataServers.find((s) => s.port === port);
    if (!server) throw new Error(`no data server of ${masterName} on port ${port}`);
    return server;
  };

  const replicasInSync = async (primaryPort: number): Promise<boolean> => {
    const primary = await replicationOf(primaryPort);
    const offset = Number(primary?.master_repl_offset);
    for (const server of dataServers) {
      if (server.port === primaryPort || !server.child) continue;
      const replica = await replicationOf(server.port);
      if (replica?.master_port !== String(primaryPort) || replica.master_link_status !== 'up' || Number(replica.slave_repl_offset) < offset) return false;
    }
    return true;
  };

  /**
   * Every sentinel knows every replica and the other sentinels: a failover can be agreed on and go
   * anywhere. A frozen sentinel answers nothing: the others are asked.
   */
  const groupKnown = async (): Promise<boolean> => {
    const replicas = dataServers.filter((s) => s.child).length - 1;
    for (const sentinel of sentinelServers) {
      if (sentinel === frozen) continue;
      try {
        const master = await ask(sentinel.port, (redis) => redis.call('SENTINEL', 'MASTER', masterName) as Promise<string[]>);
        const field = (name: string) => Number(master[master.indexOf(name) + 1]);
        if (field('num-slaves') < replicas || field('num-other-sentinels') < SENTINEL_COUNT - 1) return false;
      } catch {
        return false;
      }
    }
    return true;
  };

  const setReplicationCredentials = async (port: number, credential: string): Promise<void> => {
    await ask(port, async (redis) => {
      await redis.config('SET', 'masteruser', credential);
      await redis.config('SET', 'masterauth', credential);
    });
  };

  const own: OwnRedisSentinel = {
    sentinels: '',
    masterName,
    env: { REDIS_SENTINELS: '', REDIS_SENTINEL_MASTER: masterName },
    currentPrimaryPort,

    async killPrimary() {
      const port = await currentPrimaryPort();
      const server = dataServerOn(port);
      const child = server.child;
      server.child = undefined;
      child?.kill('SIGKILL');
      if (child) await exited(child);
      return port;
    },

    async failover() {
      const sentinel = sentinelServers.find((s) => s.child && s !== frozen);
      if (!sentinel) throw new Error('no sentinel is running');
      await ask(sentinel.port, (redis) => redis.call('SENTINEL', 'FAILOVER', masterName));
    },

    async waitForFailover(formerPort, timeoutMs = 30_000) {
      let promoted = formerPort;
      await waitFor(
        async () => {
          promoted = await currentPrimaryPort();
          return promoted !== formerPort && (await replicationOf(promoted))?.role === 'master';
        },
        timeoutMs,
        `a failover of ${masterName} away from port ${formerPort}`,
        everyOutput,
      );
      return promoted;
    },

    async cutReplication() {
      const primaryPort = await currentPrimaryPort();
      // No such user on the primary: the replicas' reconnections fail, and they stay behind.
      const cutOff = `cut-off-${randomUUID()}`;
      for (const server of dataServers) if (server.port !== primaryPort && server.child) await setReplicationCredentials(server.port, cutOff);
      await ask(primaryPort, (redis) => redis.call('CLIENT', 'KILL', 'TYPE', 'replica'));
      await waitFor(
        async () => {
          for (const server of dataServers) {
            if (server.port === primaryPort || !server.child) continue;
            if ((await replicationOf(server.port))?.master_link_status !== 'down') return false;
          }
          return true;
        },
        10_000,
        'the replicas to lose their link',
        everyOutput,
      );
    },

    async resumeReplication() {
      for (const server of dataServers) if (server.child) await setReplicationCredentials(server.port, '');
      const primaryPort = await currentPrimaryPort();
      await waitFor(() => replicasInSync(primaryPort), 30_000, 'the replicas to catch up', everyOutput);
    },

    async restartKilled() {
      const primaryPort = await currentPrimaryPort();
      for (const server of dataServers) if (!server.child) await startData(server, primaryPort);
      await waitFor(() => replicasInSync(primaryPort), 30_000, 'the restarted replicas to sync', everyOutput);
      await waitFor(groupKnown, 30_000, 'the sentinels to know the restarted replicas', everyOutput);
    },

    freezeFirstSentinel() {
      frozen = sentinelServers[0];
      frozen?.child?.kill('SIGSTOP');
    },

    thawSentinel() {
      frozen?.child?.kill('SIGCONT');
      frozen = undefined;
    },

    client(port) {
      const client = new Redis({ host: '127.0.0.1', port });
      client.on('error', () => undefined);
      clients.push(client);
      return client;
    },

    async stop() {
      own.thawSentinel();
      for (const client of clients) client.disconnect();
      const running = [...sentinelServers, ...dataServers].flatMap((server) => (server.child ? [server.child] : []));
      for (const server of [...sentinelServers, ...dataServers]) server.child = undefined;
      for (const child of running) child.kill('SIGTERM');
      await Promise.all(running.map(exited));
      rmSync(folder, { recursive: true, force: true });
    },
  };

  try {
    const ports = await distinctFreePorts(2 + SENTINEL_COUNT);
    for (const port of ports.slice(0, 2)) dataServers.push({ port, child: undefined, output: '' });
    for (const port of ports.slice(2)) sentinelServers.push({ port, child: undefined, output: '' });
    const [primary, replica] = dataServers as [OwnProcess, OwnProcess];
    await startData(primary);
    await startData(replica, primary.port);
    await waitFor(() => replicasInSync(primary.port), 10_000, 'the replica to sync', everyOutput);
    for (const sentinel of sentinelServers) await startSentinel(sentinel, primary.port);
    await waitFor(groupKnown, 30_000, `the sentinels of ${masterName} to know each other and the replica`, everyOutput);
  } catch (err) {
    await own.stop();
    throw err;
  }
  own.sentinels = sentinelServers.map((s) => `127.0.0.1:${s.port}`).join(',');
  own.env.REDIS_SENTINELS = own.sentinels;
  return own;
}
