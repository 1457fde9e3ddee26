import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import express from 'express';
import { createLogger, createRedis, listen, type RunningServer } from '@warriors/kit';
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
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
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
    const made = (await (await fetch(`${front.url}/api/me`)).json()) as { requestId: string };
    expect(made.requestId).toMatch(/^[0-9a-f-]{36}$/);
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

describe('gateway rate limits on sign-up and login', () => {
  it('answers 429 {detail} past the limit, counted in Redis and shared by gateway instances', async () => {
    const redis = createRedis('redis://127.0.0.1:6379');
    const upstream = await echoUpstream('auth');
    const make = () =>
      createGateway({ logger, pools: { auth: new UpstreamPool('auth', [upstream.url]) }, trustProxyHops: 1, authAttemptsPerMinute: 3, redis });
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
