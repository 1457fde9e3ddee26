import { spawn, type ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { waitFor } from './polling';
import { freePort } from './ports';

/**
 * A redis-server of the test's own, on a free port, without persistence (as the product's Redis
 * runs): a test may kill, restart or flush it. The machine's shared Redis is never touched.
 */
export interface OwnRedis {
  url: string;
  /** SIGKILL, as a crash: the data goes with it. */
  kill(): Promise<void>;
  /** Starts it again on the same port, empty, and waits until it answers. */
  start(): Promise<void>;
  /** A client for the test itself (FLUSHALL, inspection); closed by stop(). */
  client(): Redis;
  stop(): Promise<void>;
}

export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let server: ChildProcess | undefined;
  let output = '';
  const clients: Redis[] = [];

  const answers = async (): Promise<boolean> => {
    const probe = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, retryStrategy: () => null, maxRetriesPerRequest: 0 });
    try {
      await probe.connect();
      return (await probe.ping()) === 'PONG';
    } catch {
      return false;
    } finally {
      probe.disconnect();
    }
  };

  const exited = (child: ChildProcess): Promise<void> =>
    child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', () => resolve()));

  const own: OwnRedis = {
    url,
    async start() {
      server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      server.stdout!.on('data', (d: Buffer) => (output += d.toString()));
      server.stderr!.on('data', (d: Buffer) => (output += d.toString()));
      await waitFor(answers, 10_000, `redis-server on port ${port}`, () => output);
    },
    async kill() {
      if (!server) return;
      const child = server;
      server = undefined;
      child.kill('SIGKILL');
      await exited(child);
    },
    client() {
      const client = new Redis(url);
      clients.push(client);
      return client;
    },
    async stop() {
      for (const client of clients) client.disconnect();
      if (!server) return;
      const child = server;
      server = undefined;
      child.kill('SIGTERM');
      await exited(child);
    },
  };
  await own.start();
  return own;
}
