import { mkdtemp, mkdir, readFile, writeFile } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import express from 'express';
import pino from 'pino';
import WebSocket, { WebSocketServer } from 'ws';
import { createLogger, createRedis, listen, type RunningServer } from '@warriors/kit';
import { freePort } from '@warriors/test-support';
import { createGateway } from '../src/gateway';
import { UpstreamPool } from '../src/upstream-pool';

const logger = createLogger('gateway-test', 'silent');

/** A real HTTP upstream that echoes what it received, so the test sees what the gateway forwarded. */
async function echoUpstream(name: string): Promise<RunningServer> {
  const app = express();
  app.get('/readyz', (_req, res) => {
    res.json({ status: 'ready' });
  });
  app.all(/.*/, (req, res) => {
    let size = 0;
    req.on('data', (chunk: Buffer) => (size += chunk.length));
    req.on('end', () => {
      res.json({ name, method: req.method, url: req.originalUrl, requestId: req.header('x-request-id'), forwardedFor: req.header('x-forwarded-for'), bodyBytes: size });
    });
  });
  return listen(app, 0);
}

async function freePortUrl(): Promise<string> {
  return `http://127.0.0.1:${await freePort()}`;
}

describe('gateway', () => {
  let one: RunningServer;
  let two: RunningServer;
  let front: RunningServer;
  let webDist: string;

  beforeAll(async () => {
    one = await echoUpstream('one');
    two = await echoUpstream('two');
    webDist = await mkdtemp(path.join(os.tmpdir(), 'web-dist-'));
    await mkdir(path.join(webDist, 'assets'));
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Prospect Warriors</title>');
    await writeFile(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
    const gateway = createGateway({
      logger,
      pools: { auth: new UpstreamPool('auth', [one.url, two.url]) },
      webDist,
      trustProxyHops: 0,
      authAttemptsPerMinute: 1000,
    });
    front = await listen(http.createServer(gateway.app).on('upgrade', gateway.onUpgrade), 0);
  });

  afterAll(async () => {
    await Promise.all([one.close(), two.close(), front.close()]);
  });

  it('forwards the original /api path and spreads requests over the pool in turn', async () => {
    const names = [];
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${front.url}/api/settings/privacy?profile_public=true`, { method: 'PUT' });
      const body = (await res.json()) as { url: string; name: string };
      expect(body.url).toBe('/api/settings/privacy?profile_public=true');
      names.push(body.name);
    }
    expect(names).toEqual(['one', 'two', 'one', 'two']);
  });

  it('answers the client config itself, with no banners unless configured', async () => {
    const res = await fetch(`${front.url}/api/client-config`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.json()).toEqual({ promo_url: null, coaching_enabled: false });

    const configured = createGateway({
      logger,
      pools: {},
      trustProxyHops: 0,
      authAttemptsPerMinute: 1000,
      clientConfig: { promo_url: 'https://offers.example.org/a', coaching_enabled: true },
    });
    const server = await listen(http.createServer(configured.app), 0);
    try {
      expect(await (await fetch(`${server.url}/api/client-config`)).json()).toEqual({ promo_url: 'https://offers.example.org/a', coaching_enabled: true });
    } finally {
      await server.close();
    }
  });

  it('streams a large POST body through unparsed', async () => {
    const big = JSON.stringify({ profile_picture: 'x'.repeat(6 * 1024 * 1024) });
    const res = await fetch(`${front.url}/api/settings/profile-picture`, { method: 'PUT', body: big, headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { bodyBytes: number }).bodyBytes).toBe(Buffer.byteLength(big));
  });

  it('carries the caller request id to the upstream, or makes one', async () => {
    const given = randomUUID();
    const res = await fetch(`${front.url}/api/me`, { headers: { 'x-request-id': given } });
    expect(((await res.json()) as { requestId: string }).requestId).toBe(given);
    expect(res.headers.get('x-request-id')).toBe(given);
    const made = (await (await fetch(`${front.url}/api/me`)).json()) as { requestId: string; forwardedFor?: string };
    expect(made.requestId).toMatch(/^[0-9a-f-]{36}$/);
    // The client's address is the edge's business (rate limits): no X-Forwarded-* is made for the services.
    expect(made.forwardedFor).toBeUndefined();
  });

  it('answers 404 {detail} for an /api path no service owns', async () => {
    const res = await fetch(`${front.url}/api/no-such-thing`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ detail: 'Not found: GET /api/no-such-thing' });
  });

  it('serves the web app with SPA fallback and long-lived hashed assets', async () => {
    const page = await fetch(`${front.url}/profile/123`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Prospect Warriors');
    const asset = await fetch(`${front.url}/assets/app-abc123.js`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const missing = await fetch(`${front.url}/assets/missing.js`);
    expect(missing.status).toBe(404);
  });

  it('reports live and ready', async () => {
    expect((await fetch(`${front.url}/healthz`)).status).toBe(200);
    const ready = await fetch(`${front.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', checks: { auth: true } });
  });

  it('refuses a WebSocket upgrade no service owns', async () => {
    const answer = await new Promise<string>((resolve) => {
      const socket = net.connect(front.port, '127.0.0.1', () => {
        socket.write('GET /elsewhere HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n');
      });
      let text = '';
      socket.on('data', (d) => (text += d.toString()));
      socket.on('close', () => resolve(text));
    });
    expect(answer).toContain('404');
  });
});

describe('gateway with a dead upstream', () => {
  it('answers 502 {detail} at once, and is not ready', async () => {
    const gateway = createGateway({
      logger,
      pools: { auth: new UpstreamPool('auth', [await freePortUrl()]) },
      trustProxyHops: 0,
      authAttemptsPerMinute: 1000,
    });
    const front = await listen(gateway.app, 0);
    try {
      const res = await fetch(`${front.url}/api/login`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' }, signal: AbortSignal.timeout(2000) });
      expect(res.status).toBe(502);
      expect(await res.json()).toEqual({ detail: 'The auth service is unavailable. Please try again shortly.' });
      const ready = await fetch(`${front.url}/readyz`);
      expect(ready.status).toBe(503);
    } finally {
      await front.close();
    }
  });
});

/** An upstream whose every request gets `behaviour`: it may answer late, never, or drop the connection. */
async function misbehavingUpstream(behaviour: (req: http.IncomingMessage, res: http.ServerResponse) => void): Promise<RunningServer> {
  return listen(http.createServer(behaviour), 0);
}

describe('gateway with a failing upstream', () => {
  const through = async (upstream: RunningServer, upstreamTimeoutMs?: number) => {
    const gateway = createGateway({ logger, pools: { auth: new UpstreamPool('auth', [upstream.url]) }, trustProxyHops: 0, authAttemptsPerMinute: 1000, upstreamTimeoutMs });
    const front = await listen(gateway.app, 0);
    try {
      const res = await fetch(`${front.url}/api/me`, { signal: AbortSignal.timeout(5000) });
      return { status: res.status, body: await res.json() };
    } finally {
      await front.close();
    }
  };

  it('answers 502 {detail} when the upstream crashes mid-request', async () => {
    // The request reached the upstream, which then died without answering: broken, not slow.
    const upstream = await misbehavingUpstream((req) => req.socket.destroy());
    try {
      expect(await through(upstream)).toEqual({ status: 502, body: { detail: 'The auth service is unavailable. Please try again shortly.' } });
    } finally {
      await upstream.close();
    }
  });

  it('answers 504 {detail} when the upstream does not answer in time', async () => {
    const held: http.ServerResponse[] = [];
    const upstream = await misbehavingUpstream((_req, res) => held.push(res));
    try {
      expect(await through(upstream, 200)).toEqual({ status: 504, body: { detail: 'The auth service took too long to answer. Please try again shortly.' } });
    } finally {
      held.forEach((res) => res.destroy());
      await upstream.close();
    }
  });
});

describe('gateway keep-alive to upstreams', () => {
  it('stops reusing an idle upstream socket before the upstream closes it', async () => {
    const app = express();
    app.get(/.*/, (_req, res) => {
      res.json({ ok: true });
    });
    const upstream = await listen(app, 0);
    // The upstream announces `Keep-Alive: timeout=2`; the gateway must let go of the socket after about 1 s.
    upstream.server.keepAliveTimeout = 2_000;
    let connections = 0;
    upstream.server.on('connection', () => (connections += 1));
    const gateway = createGateway({ logger, pools: { auth: new UpstreamPool('auth', [upstream.url]) }, trustProxyHops: 0, authAttemptsPerMinute: 1000 });
    const front = await listen(gateway.app, 0);
    try {
      expect((await fetch(`${front.url}/api/me`)).status).toBe(200);
      expect((await fetch(`${front.url}/api/me`)).status).toBe(200);
      expect(connections).toBe(1);
      // Past the hint (2 s less 1 s) and before the upstream's own timeout: a reused socket here is the race.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect((await fetch(`${front.url}/api/me`)).status).toBe(200);
      expect(connections).toBe(2);
    } finally {
      await front.close();
      await upstream.close();
    }
  });
});

describe('gateway security headers', () => {
  it('allows scripts, styles, fonts and connections from its own origin only', async () => {
    const gateway = createGateway({ logger, pools: {}, trustProxyHops: 0, authAttemptsPerMinute: 1000 });
    const front = await listen(gateway.app, 0);
    try {
      const policy = (await fetch(`${front.url}/healthz`)).headers.get('content-security-policy')!;
      const directives = Object.fromEntries(
        policy
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .map(([name, ...sources]) => [name, sources]),
      );
      expect(directives).toMatchObject({
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'"],
        'font-src': ["'self'"],
        'connect-src': ["'self'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'object-src': ["'none'"],
        'worker-src': ["'self'"],
        'manifest-src': ["'self'"],
      });
      // Served over plain http on a LAN address, the page must still load its own assets.
      expect(directives).not.toHaveProperty('upgrade-insecure-requests');
      // No directive names a scheme or wildcard that would admit any host.
      expect(
        Object.values(directives)
          .flat()
          .filter((source) => ['https:', 'http:', 'ws:', 'wss:', '*'].includes(source as string)),
      ).toEqual([]);
    } finally {
      await front.close();
    }
  });

  it('gives an API answer, proxied or its own, a policy that allows nothing and no page-only header, and lets a service name its own policy', async () => {
    const upstream = await misbehavingUpstream((req, res) => {
      const picture = req.url?.startsWith('/api/users/');
      res.writeHead(200, picture ? { 'content-type': 'image/png', 'content-security-policy': "default-src 'none'; sandbox" } : { 'content-type': 'application/json' });
      res.end(picture ? 'png' : '{}');
    });
    const pools = { activity: new UpstreamPool('activity', [upstream.url]), auth: new UpstreamPool('auth', [upstream.url]) };
    const gateway = createGateway({ logger, pools, trustProxyHops: 0, authAttemptsPerMinute: 1000 });
    const front = await listen(gateway.app, 0);
    const securityHeadersOf = (res: Response) =>
      Object.fromEntries(
        [
          'content-security-policy',
          'strict-transport-security',
          'x-content-type-options',
          'cross-origin-resource-policy',
          'cross-origin-opener-policy',
          'referrer-policy',
          'x-frame-options',
          'x-dns-prefetch-control',
          'x-xss-protection',
        ].map((name) => [name, res.headers.get(name)]),
      );
    const apiHeaders = {
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'same-origin',
      'cross-origin-opener-policy': null,
      'referrer-policy': null,
      'x-frame-options': null,
      'x-dns-prefetch-control': null,
      'x-xss-protection': null,
    };
    try {
      expect(securityHeadersOf(await fetch(`${front.url}/api/activity`))).toEqual(apiHeaders);
      expect(securityHeadersOf(await fetch(`${front.url}/api/client-config`))).toEqual(apiHeaders);
      expect(securityHeadersOf(await fetch(`${front.url}/api/no-such-route`))).toEqual(apiHeaders);
      expect(securityHeadersOf(await fetch(`${front.url}/api/users/u1/picture`))['content-security-policy']).toBe("default-src 'none'; sandbox");
      // Everything else may be a page: helmet's whole set.
      const page = securityHeadersOf(await fetch(`${front.url}/healthz`));
      expect(page['content-security-policy']).toContain("script-src 'self'");
      expect(page).toMatchObject({
        'cross-origin-opener-policy': 'same-origin',
        'referrer-policy': 'no-referrer',
        'x-frame-options': 'SAMEORIGIN',
        'x-content-type-options': 'nosniff',
      });
    } finally {
      await Promise.all([front.close(), upstream.close()]);
    }
  });
});

describe('gateway rate limits on sign-up and login', () => {
  it('counts the connecting address, not a spoofed X-Forwarded-For, when no proxy is trusted', async () => {
    let reachedAuth = 0;
    const upstream = await misbehavingUpstream((_req, res) => {
      reachedAuth++;
      res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ detail: 'Incorrect email or password' }));
    });
    const limit = 20;
    const gateway = createGateway({ logger, pools: { auth: new UpstreamPool('auth', [upstream.url]) }, trustProxyHops: 0, authAttemptsPerMinute: limit });
    const front = await listen(gateway.app, 0);
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) {
        const res = await fetch(`${front.url}/api/login`, {
          method: 'POST',
          body: JSON.stringify({ email: 'victim@example.com', password: `guess ${i}` }),
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${i}` },
        });
        statuses.push(res.status);
      }
      expect(reachedAuth).toBe(limit);
      expect(statuses.filter((s) => s === 429)).toHaveLength(40 - limit);
    } finally {
      await Promise.all([front.close(), upstream.close()]);
    }
  });

  it('ships with no trusted proxy in docker-compose.yml, since the gateway is published directly', async () => {
    const compose = await readFile(path.join(__dirname, '../../docker-compose.yml'), 'utf8');
    const hops = [...compose.matchAll(/TRUST_PROXY_HOPS:\s*"?(\d+)"?/g)].map((m) => Number(m[1]));
    expect(hops.every((n) => n === 0)).toBe(true);
  });

  it('answers 429 {detail} past the limit, counted in Redis and shared by gateway instances', async () => {
    const redis = createRedis('redis://127.0.0.1:6379');
    const upstream = await echoUpstream('auth');
    const make = () => createGateway({ logger, pools: { auth: new UpstreamPool('auth', [upstream.url]) }, trustProxyHops: 1, authAttemptsPerMinute: 3, redis });
    const a = await listen(make().app, 0);
    const b = await listen(make().app, 0);
    // A unique client address per run, so earlier runs' counters in Redis do not matter.
    const client = `198.51.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;
    const post = (front: RunningServer, path: string) =>
      fetch(`${front.url}${path}`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json', 'x-forwarded-for': client } });
    try {
      const statuses = [await post(a, '/api/login'), await post(b, '/api/login'), await post(a, '/api/signup'), await post(b, '/api/login')].map((r) => r.status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const limited = await post(a, '/api/login');
      expect(await limited.json()).toEqual({ detail: 'Too many attempts. Please wait a minute and try again.' });
      // Other routes are not limited.
      expect((await fetch(`${a.url}/api/me`, { headers: { 'x-forwarded-for': client } })).status).toBe(200);
    } finally {
      await Promise.all([a.close(), b.close(), upstream.close()]);
      redis.disconnect();
    }
  });
});

describe('gateway live socket', () => {
  it('hands /ws upgrades to the social pool, passes a refusal through, and logs no URL with its token', async () => {
    const lines: string[] = [];
    const recording = pino({ level: 'trace' }, { write: (line: string) => void lines.push(line) });
    const sockets = new WebSocketServer({ noServer: true });
    const upstreamServer = http.createServer().on('upgrade', (req, socket, head) => {
      if (new URL(req.url ?? '/', 'http://x').searchParams.get('token') !== 'good-token') {
        socket.end('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
        return;
      }
      sockets.handleUpgrade(req, socket, head, (ws) => ws.send(`hello ${req.url}`));
    });
    const upstream = await listen(upstreamServer, 0);
    const gateway = createGateway({ logger: recording, pools: { social: new UpstreamPool('social', [upstream.url]) }, trustProxyHops: 0, authAttemptsPerMinute: 1000 });
    const front = await listen(http.createServer(gateway.app).on('upgrade', gateway.onUpgrade), 0);
    try {
      const client = new WebSocket(`${front.url.replace('http', 'ws')}/ws?token=good-token`);
      const greeting = await new Promise<string>((resolve, reject) => client.once('message', (data) => resolve(String(data))).once('error', reject));
      expect(greeting).toBe('hello /ws?token=good-token');
      client.close();
      const refused = await new Promise<number>((resolve) => {
        const bad = new WebSocket(`${front.url.replace('http', 'ws')}/ws?token=secret-bad-token`);
        bad.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        bad.once('error', () => undefined);
      });
      expect(refused).toBe(401);
      expect(lines.join('')).not.toMatch(/good-token|secret-bad-token/);
    } finally {
      sockets.close();
      await front.close();
      await upstream.close();
    }
  });

  it('ends its proxied live sockets when it stops, so a stop does not wait for the browsers', async () => {
    const sockets = new WebSocketServer({ noServer: true });
    const upstreamServer = http.createServer().on('upgrade', (req, socket, head) => sockets.handleUpgrade(req, socket, head, (ws) => ws.send('hello')));
    const upstream = await listen(upstreamServer, 0);
    const gateway = createGateway({
      logger: pino({ level: 'silent' }),
      pools: { social: new UpstreamPool('social', [upstream.url]) },
      trustProxyHops: 0,
      authAttemptsPerMinute: 1000,
    });
    const front = await listen(http.createServer(gateway.app).on('upgrade', gateway.onUpgrade), 0);
    try {
      const client = new WebSocket(`${front.url.replace('http', 'ws')}/ws?token=t`);
      await new Promise((resolve, reject) => client.once('message', resolve).once('error', reject));
      const closed = new Promise<number>((resolve) => client.once('close', (code) => resolve(code)));
      const stopped = front.close();
      gateway.closeLiveSockets();
      await stopped;
      // 1006: the connection went away without a closing handshake, which the web client reconnects on.
      expect(await closed).toBe(1006);
    } finally {
      sockets.close();
      await upstream.close();
    }
  });
});
