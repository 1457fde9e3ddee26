import http from 'node:http';
import { spawn } from 'node:child_process';
import net from 'node:net';
import pino from 'pino';
import WebSocket, { WebSocketServer } from 'ws';
import { listen, type RunningServer } from '@warriors/kit';
import { freePort, waitFor } from '@warriors/test-support';
import { createGateway } from '../src/gateway';
import { UpstreamPool } from '../src/upstream-pool';

/** A log that the test reads: ejections are warnings, comebacks are info. */
function recordingLogger() {
  const lines: Array<{ level: number; msg: string; upstream?: string; ejectedMs?: number; err?: string }> = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as (typeof lines)[number]) });
  return { logger, lines };
}

/** A real instance: answers every request after `delayMs` with its name and the body size it read, and counts what it served. */
async function instance(name: string, port = 0, delayMs = 0): Promise<RunningServer & { served: () => number }> {
  let served = 0;
  const server = http.createServer((req, res) => {
    let bodyBytes = 0;
    req.on('data', (chunk: Buffer) => (bodyBytes += chunk.length));
    req.on('end', () => {
      setTimeout(() => {
        served += 1;
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ name, bodyBytes }));
      }, delayMs);
    });
  });
  return Object.assign(await listen(server, port), { served: () => served });
}

/** What a crash does to a server: no more connections, and every open one (requests in flight) cut. */
function crash(server: RunningServer): void {
  const raw = server.server as http.Server;
  raw.close();
  raw.closeAllConnections();
}

/**
 * A pool's clock that stands still: an ejection (1 s) then lasts until the test's checks ran, however
 * long a loaded machine takes to make them.
 */
const standingClock = (): (() => number) => {
  const at = Date.now();
  return () => at;
};

async function front(pool: UpstreamPool, logger: pino.Logger, upstreamConnectTimeoutMs?: number): Promise<RunningServer> {
  const gateway = createGateway({ logger, pools: { [pool.service]: pool }, trustProxyHops: 0, authAttemptsPerMinute: 1_000_000, upstreamConnectTimeoutMs });
  return listen(http.createServer(gateway.app).on('upgrade', gateway.onUpgrade), 0);
}

describe('the gateway’s passive health of an upstream pool', () => {
  it('sends a POST that could not connect to another instance, whole, and takes the dead one out', async () => {
    const { logger, lines } = recordingLogger();
    const live = await instance('live');
    const dead = `http://127.0.0.1:${await freePort()}`;
    const pool = new UpstreamPool('activity', [dead, live.url], { now: standingClock() });
    const gateway = await front(pool, logger);
    try {
      const body = JSON.stringify({ note: 'x'.repeat(3 * 1024 * 1024) });
      const res = await fetch(`${gateway.url}/api/activity`, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ name: 'live', bodyBytes: Buffer.byteLength(body) });
      expect(pool.isEjected(dead)).toBe(true);
      expect(lines.filter((line) => line.msg === 'upstream instance taken out of the pool')).toEqual([expect.objectContaining({ level: 40, upstream: dead, ejectedMs: 1000 })]);
      // Out of the turn: the next requests all go to the live instance without trying the dead one.
      for (let i = 0; i < 4; i++) expect(((await (await fetch(`${gateway.url}/api/activity`)).json()) as { name: string }).name).toBe('live');
      expect(lines.filter((line) => line.msg === 'upstream instance taken out of the pool')).toHaveLength(1);
    } finally {
      await Promise.all([gateway.close(), live.close()]);
    }
  });

  it('gives up on an instance that does not accept the connection in time, and answers from another', async () => {
    const { logger, lines } = recordingLogger();
    const live = await instance('live');
    // A frozen instance (stopped, like a machine that hangs): its accept queue fills, then connections hang.
    const port = await freePort();
    const frozen = spawn(process.execPath, ['-e', `require('node:net').createServer().listen({ port: ${port}, host: '127.0.0.1', backlog: 1 }, () => console.log('up'))`]);
    await new Promise((resolve) => frozen.stdout.once('data', resolve));
    frozen.kill('SIGSTOP');
    const fillers = Array.from({ length: 4 }, () => net.connect(port, '127.0.0.1').on('error', () => undefined));
    const frozenUrl = `http://127.0.0.1:${port}`;
    const pool = new UpstreamPool('activity', [frozenUrl, live.url], { now: standingClock() });
    const gateway = await front(pool, logger, 300);
    try {
      const started = performance.now();
      const res = await fetch(`${gateway.url}/api/activity`, { method: 'POST', body: '{"kind":"call"}' });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ name: 'live', bodyBytes: 15 });
      console.log(`a POST to a frozen instance answered by the other in ${Math.round(performance.now() - started)} ms (connect timeout 300 ms)`);
      expect(pool.isEjected(frozenUrl)).toBe(true);
      expect(lines).toContainEqual(expect.objectContaining({ msg: 'upstream instance taken out of the pool', upstream: frozenUrl, err: 'no connection within 300 ms' }));
    } finally {
      fillers.forEach((socket) => socket.destroy());
      frozen.kill('SIGKILL');
      await Promise.all([gateway.close(), live.close()]);
    }
  });

  it('under load, fails only the requests in flight on a killed instance, and takes it back when it returns', async () => {
    const { logger, lines } = recordingLogger();
    const a = await instance('a', 0, 5);
    let b = await instance('b', 0, 5);
    const bPort = b.port;
    const pool = new UpstreamPool('activity', [a.url, b.url]);
    const gateway = await front(pool, logger);
    const CONCURRENCY = 16;
    let killedAt = Number.POSITIVE_INFINITY;
    let stopping = false;
    const outcomes: Array<{ startedAt: number; status: number }> = [];
    const worker = async (n: number) => {
      for (let i = 0; !stopping; i++) {
        const startedAt = performance.now();
        // Alternate POSTs and GETs: a POST that never reached an instance is retried like a GET.
        const init = (n + i) % 2 === 0 ? { method: 'POST', body: JSON.stringify({ n, i }) } : {};
        const status = await fetch(`${gateway.url}/api/activity`, init)
          .then(async (res) => (await res.arrayBuffer(), res.status))
          .catch(() => 0);
        outcomes.push({ startedAt, status });
      }
    };
    const load = Promise.all(Array.from({ length: CONCURRENCY }, (_, n) => worker(n)));
    try {
      await waitFor(() => b.served() > 100, 20_000, 'load reaching b');
      crash(b);
      killedAt = performance.now();
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const servedByAWhileBDown = a.served();
      b = await instance('b', bPort, 5);
      // Ejected for 1 s after its first failure, then tried again by the next request, which connects.
      await waitFor(() => b.served() > 20, 20_000, 'b back in the pool');
      stopping = true;
      await load;
      const failed = outcomes.filter((outcome) => outcome.status !== 200);
      // A request sent on a connection the crash was cutting is "in flight" too, though the instance had not read it yet.
      const lateFailures = failed.filter((outcome) => outcome.startedAt > killedAt + 100);
      console.log(
        `kill one of two instances under load (${CONCURRENCY} concurrent): ${outcomes.length} requests, ${failed.length} failed ` +
          `(${failed.map((outcome) => outcome.status).join(', ') || 'none'}), ${lateFailures.length} started after the kill; ` +
          `a served ${servedByAWhileBDown} until b came back; b served ${b.served()} after its comeback`,
      );
      expect(failed.length).toBeLessThanOrEqual(CONCURRENCY);
      expect(failed.every((outcome) => outcome.status === 502)).toBe(true);
      expect(lateFailures).toEqual([]);
      expect(lines.filter((line) => line.msg === 'upstream instance taken out of the pool' && line.upstream === b.url).length).toBeGreaterThanOrEqual(1);
      expect(lines.some((line) => line.msg === 'upstream instance back in the pool' && line.upstream === b.url)).toBe(true);
      expect(pool.isEjected(b.url)).toBe(false);
    } finally {
      stopping = true;
      await load;
      await Promise.all([gateway.close(), a.close(), b.close()]);
    }
  });

  it('takes an instance that refuses a live socket out of the pool, so the client’s next attempt reaches a live one', async () => {
    const { logger } = recordingLogger();
    const sockets = new WebSocketServer({ noServer: true });
    const live = await listen(
      http.createServer().on('upgrade', (req, socket, head) => sockets.handleUpgrade(req, socket, head, (ws) => ws.send('hello'))),
      0,
    );
    const dead = `http://127.0.0.1:${await freePort()}`;
    const pool = new UpstreamPool('social', [dead, live.url], { now: standingClock() });
    const gateway = await front(pool, logger);
    const open = () =>
      new Promise<string>((resolve) => {
        const client = new WebSocket(`${gateway.url.replace('http', 'ws')}/ws`);
        client.once('message', (data) => {
          resolve(String(data));
          client.close();
        });
        client.once('error', () => resolve('failed'));
      });
    try {
      expect(await open()).toBe('failed');
      expect(pool.isEjected(dead)).toBe(true);
      expect([await open(), await open(), await open()]).toEqual(['hello', 'hello', 'hello']);
    } finally {
      sockets.close();
      await Promise.all([gateway.close(), live.close()]);
    }
  });
});
