import http from 'node:http';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import { createLogger, createMetrics, listen, type RunningServer } from '@warriors/kit';
import { sampleValue, scrapeMetrics } from '@warriors/test-support';
import { createGateway } from '../src/gateway';
import { UpstreamPool } from '../src/upstream-pool';

const logger = createLogger('gateway-metrics-test', 'silent');
const TOKEN = 'the-gateway-metrics-token-0123456789abc';

async function upstream(): Promise<RunningServer> {
  const app = express();
  app.all(/.*/, (_req, res) => {
    res.json({ ok: true });
  });
  return listen(app, 0);
}

async function gatewayWith(metricsToken: string | undefined, urls: string[]): Promise<RunningServer> {
  const webDist = await mkdtemp(path.join(os.tmpdir(), 'web-dist-'));
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Prospect Warriors</title>');
  const gateway = createGateway({
    logger,
    pools: { challenges: new UpstreamPool('challenges', urls), auth: new UpstreamPool('auth', urls.slice(0, 1)) },
    webDist,
    trustProxyHops: 0,
    authAttemptsPerMinute: 1000,
    metrics: createMetrics({ token: metricsToken }).forService('gateway'),
  });
  return listen(http.createServer(gateway.app), 0);
}

describe("the gateway's /metrics", () => {
  let one: RunningServer;
  let two: RunningServer;
  beforeAll(async () => {
    [one, two] = await Promise.all([upstream(), upstream()]);
  });
  afterAll(() => Promise.all([one.close(), two.close()]));

  it('is not served without METRICS_TOKEN: the public face never shows it by accident', async () => {
    const front = await gatewayWith(undefined, [one.url]);
    try {
      const json = await fetch(`${front.url}/metrics`, { headers: { accept: 'application/json' } });
      expect(json.status).toBe(404);
      expect(await json.json()).toEqual({ detail: 'Not found: GET /metrics' });
      // A browser gets the web app's page, as for any path the app does not know.
      const page = await fetch(`${front.url}/metrics`, { headers: { accept: 'text/html' } });
      expect(await page.text()).toContain('<title>Prospect Warriors</title>');
      // Nor through /api: only the registry's routes are proxied, and no service route is /metrics.
      expect((await fetch(`${front.url}/api/metrics`)).status).toBe(404);
    } finally {
      await front.close();
    }
  });

  describe('with METRICS_TOKEN', () => {
    let front: RunningServer;
    beforeAll(async () => {
      front = await gatewayWith(TOKEN, [one.url, two.url]);
    });
    afterAll(() => front.close());

    it('answers only a scrape with the bearer token', async () => {
      expect((await fetch(`${front.url}/metrics`)).status).toBe(401);
      expect((await fetch(`${front.url}/metrics`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
      expect(sampleValue(await scrapeMetrics(front.url, TOKEN), 'warriors_process_resident_memory_bytes')).toBeGreaterThan(0);
    });

    it("counts a proxied request under the registry route it matched, not under the request's path", async () => {
      await fetch(`${front.url}/api/challenges/7f6c1c52/leaderboard`);
      await fetch(`${front.url}/api/challenges/0a9e7d11`);
      await fetch(`${front.url}/api/nothing/42`);
      const samples = await scrapeMetrics(front.url, TOKEN);
      expect(sampleValue(samples, 'warriors_http_request_duration_seconds_count', { service: 'gateway', route: '/api/challenges', method: 'GET', status_class: '2xx' })).toBe(2);
      expect(sampleValue(samples, 'warriors_http_request_duration_seconds_count', { service: 'gateway', route: 'unmatched', status_class: '4xx' })).toBe(1);
      const routes = samples.filter((s) => s.name === 'warriors_http_request_duration_seconds_count').map((s) => s.labels.route);
      expect(routes.filter((route) => /\d/.test(route ?? ''))).toEqual([]);
    });

    it("lists each pool's instances and whether they take requests", async () => {
      const samples = await scrapeMetrics(front.url, TOKEN);
      expect(sampleValue(samples, 'warriors_gateway_upstream_instance_up', { upstream: 'challenges', instance: one.url })).toBe(1);
      expect(sampleValue(samples, 'warriors_gateway_upstream_instance_up', { upstream: 'challenges', instance: two.url })).toBe(1);
      expect(samples.filter((s) => s.name === 'warriors_gateway_upstream_instance_up' && s.labels.upstream === 'auth')).toHaveLength(1);
    });
  });
});
