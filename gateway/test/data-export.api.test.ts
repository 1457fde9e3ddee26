import http from 'node:http';
import express from 'express';
import { EXPORT_PARTS, exportPathOf } from '@warriors/contracts';
import { createLogger, listen, type RunningServer } from '@warriors/kit';
import { freePort } from '@warriors/test-support';
import { createGateway } from '../src/gateway';
import { UpstreamPool } from '../src/upstream-pool';

const TOKEN = 'Bearer a-token';
/** A profile as auth's part answers it: the optional fields left empty. */
const PROFILE = {
  ...Object.fromEntries(['phone', 'company', 'city', 'state', 'bio', 'specialty', 'x_url', 'profile_picture'].map((field) => [field, null])),
  ...{ id: '1f0c3a52-7b8e-4d2a-9c61-0a9f3e7b5d21', name: 'Esme Exporter', username: 'esme', email: 'esme@example.com', focus_area: 'investor', timezone: 'Asia/Tokyo' },
  ...{ profile_public: true, show_on_leaderboard: true, show_in_battle_pulse: true, streak_mode: 'daily' as const, created_at: '2026-01-01T00:00:00.000Z' },
  ...{ email_verified: true, pending_email: null },
};

/** What each service's part saw: its path and the Authorization header it was sent. */
const seen: Array<{ path: string; authorization: string | undefined; requestId: string | undefined }> = [];

/**
 * A real HTTP server for each service, answering its parts as the services do: the profile whole,
 * every other part as a JSON array written in several chunks. `breaks` names a part that stops half
 * way through, as a service whose database went away after its first page.
 */
async function serviceParts(service: string, breaks?: string): Promise<RunningServer> {
  const app = express();
  for (const part of EXPORT_PARTS.filter((p) => p.service === service)) {
    app.get(part.path, (req, res) => {
      seen.push({ path: part.path, authorization: req.header('authorization'), requestId: req.header('x-request-id') });
      if (req.header('authorization') !== TOKEN) {
        res.status(401).json({ detail: 'Could not validate credentials' });
        return;
      }
      if (part.key === 'profile') {
        res.json(PROFILE);
        return;
      }
      res.type('application/json');
      res.write(`[{"part":"${part.key}","n":1}`);
      if (part.key === breaks) {
        setTimeout(() => res.destroy(), 20);
        return;
      }
      res.end(`,{"part":"${part.key}","n":2}]`);
    });
  }
  return listen(app, 0);
}

describe('GET /api/export/me.json: the gateway writes the document from each service’s part', () => {
  const servers: RunningServer[] = [];
  const services = [...new Set(EXPORT_PARTS.map((part) => part.service))];

  async function gatewayWith(options: { breaks?: string; down?: string } = {}): Promise<string> {
    const pools: Record<string, UpstreamPool> = {};
    for (const service of services) {
      if (service === options.down) {
        pools[service] = new UpstreamPool(service, [`http://127.0.0.1:${await freePort()}`]);
        continue;
      }
      const server = await serviceParts(service, options.breaks);
      servers.push(server);
      pools[service] = new UpstreamPool(service, [server.url]);
    }
    const gateway = createGateway({ logger: createLogger('gateway-test', 'silent'), pools, trustProxyHops: 0, authAttemptsPerMinute: 1000 });
    const front = await listen(http.createServer(gateway.app), 0);
    servers.push(front);
    return front.url;
  }

  beforeEach(() => {
    seen.length = 0;
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
  });

  it('asks every part in order with the caller’s token and request id, and copies each through whole', async () => {
    const url = await gatewayWith();
    const res = await fetch(`${url}/api/export/me.json`, { headers: { authorization: TOKEN, 'x-request-id': 'export-1' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="prospect-warriors-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers.get('transfer-encoding')).toBe('chunked');
    const document = JSON.parse(await res.text());
    expect(Object.keys(document)).toEqual(['format', 'version', 'exported_at', ...EXPORT_PARTS.map((part) => part.key)]);
    expect(document).toMatchObject({ format: 'prospect-warriors-export', version: 1, profile: PROFILE });
    expect(document.challenges).toEqual([
      { part: 'challenges', n: 1 },
      { part: 'challenges', n: 2 },
    ]);
    expect(seen).toEqual(EXPORT_PARTS.map((part) => ({ path: part.path, authorization: TOKEN, requestId: expect.any(String) })));
  });

  it('answers auth’s refusal as auth gave it, asking no other part', async () => {
    const url = await gatewayWith();
    const res = await fetch(`${url}/api/export/me.json`, { headers: { authorization: 'Bearer forged' } });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ detail: 'Could not validate credentials' });
    expect(seen.map((s) => s.path)).toEqual([exportPathOf('profile')]);
  });

  it('answers 502 {detail} when auth cannot be reached, before anything is sent', async () => {
    const url = await gatewayWith({ down: 'auth' });
    const res = await fetch(`${url}/api/export/me.json`, { headers: { authorization: TOKEN } });
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ detail: 'The auth service is unavailable. Please try again shortly.' });
  });

  it('ends the connection when a part fails after the document started: the download fails, never completes short', async () => {
    const url = await gatewayWith({ breaks: 'badges' });
    const res = await fetch(`${url}/api/export/me.json`, { headers: { authorization: TOKEN } });
    expect(res.status).toBe(200);
    await expect(res.text()).rejects.toThrow();
    expect(seen.map((s) => s.path)).toEqual(EXPORT_PARTS.slice(0, EXPORT_PARTS.findIndex((part) => part.key === 'badges') + 1).map((part) => part.path));
  });

  it('ends the connection when a service is down after the document started', async () => {
    const url = await gatewayWith({ down: 'challenges' });
    const res = await fetch(`${url}/api/export/me.json`, { headers: { authorization: TOKEN } });
    expect(res.status).toBe(200);
    await expect(res.text()).rejects.toThrow();
  });
});
