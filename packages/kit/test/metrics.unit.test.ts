import { Router } from 'express';
import { parseMetrics, sampleValue, scrapeMetrics, waitFor } from '@warriors/test-support';
import { createApp, createLogger, createMemoryBus, createMetrics, listen, type Metrics, type RunningServer, type ServiceMetrics } from '../src';

const TOKEN = 'a-metrics-token-that-is-long-enough-0123';

async function serve(metrics: ServiceMetrics): Promise<RunningServer> {
  const router = Router();
  router.get('/api/things/:id', (req, res) => {
    res.json({ id: req.params.id });
  });
  router.post('/api/things', (_req, res) => {
    res.status(422).json({ detail: [{ loc: ['body'], msg: 'bad' }] });
  });
  return listen(createApp({ logger: createLogger('metrics-test', 'silent'), metrics, routes: [router] }), 0);
}

describe("a service app's /metrics", () => {
  let metrics: Metrics;
  let server: RunningServer;
  beforeAll(async () => {
    metrics = createMetrics();
    server = await serve(metrics.forService('things'));
  });
  afterAll(() => server.close());

  it('answers the Prometheus text format, with the process defaults under the product prefix', async () => {
    const response = await fetch(`${server.url}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    expect(text).toContain('# TYPE warriors_http_request_duration_seconds histogram');
    const samples = parseMetrics(text);
    expect(sampleValue(samples, 'warriors_process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sampleValue(samples, 'warriors_process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(samples.some((sample) => sample.name === 'warriors_nodejs_eventloop_lag_seconds')).toBe(true);
  });

  it('counts a request under its route template, never its raw path, with method and status class', async () => {
    const count = async (labels: Record<string, string>) =>
      sampleValue(await scrapeMetrics(server.url), 'warriors_http_request_duration_seconds_count', { service: 'things', ...labels }) ?? 0;
    const template = { route: '/api/things/:id', method: 'GET', status_class: '2xx' };
    const before = await count(template);
    await fetch(`${server.url}/api/things/17`);
    await fetch(`${server.url}/api/things/18`);
    await fetch(`${server.url}/api/things`, { method: 'POST' });
    await fetch(`${server.url}/api/nowhere/19`);
    const samples = await scrapeMetrics(server.url);
    const routes = new Set(samples.filter((s) => s.name === 'warriors_http_request_duration_seconds_count').map((s) => s.labels.route));
    expect(sampleValue(samples, 'warriors_http_request_duration_seconds_count', { service: 'things', ...template })).toBe(before + 2);
    expect(sampleValue(samples, 'warriors_http_request_duration_seconds_count', { route: '/api/things', method: 'POST', status_class: '4xx' })).toBe(1);
    expect(sampleValue(samples, 'warriors_http_request_duration_seconds_count', { route: 'unmatched', status_class: '4xx' })).toBe(1);
    expect([...routes].filter((route) => /\d/.test(route ?? ''))).toEqual([]);
    // The histogram's buckets: the +Inf one holds every request of its series.
    expect(sampleValue(samples, 'warriors_http_request_duration_seconds_bucket', { ...template, le: '+Inf' })).toBe(before + 2);
  });
});

describe('a token on /metrics', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await serve(createMetrics({ token: TOKEN }).forService('things'));
  });
  afterAll(() => server.close());

  it('refuses a scrape without it or with another, with 401 {detail}', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}x` }, { authorization: TOKEN }] as Array<Record<string, string>>) {
      const response = await fetch(`${server.url}/metrics`, { headers });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ detail: 'Not authenticated' });
    }
  });

  it('answers a scrape that carries it', async () => {
    expect(sampleValue(await scrapeMetrics(server.url, TOKEN), 'warriors_process_resident_memory_bytes')).toBeGreaterThan(0);
  });
});

describe('gauges read on each scrape', () => {
  const scrape = async (metrics: Metrics) => parseMetrics(await metrics.registry.metrics());

  it("reports each service's outbox counts, and leaves a source out while it fails", async () => {
    const metrics = createMetrics();
    let counts = { pending: 3, retrying: 1, deadLettered: 2 };
    let failing = false;
    metrics.forService('auth').watchOutbox(async () => {
      if (failing) throw new Error('database away');
      return counts;
    });
    metrics.forService('activity').watchOutbox(async () => ({ pending: 0, retrying: 0, deadLettered: 0 }));
    let samples = await scrape(metrics);
    expect(sampleValue(samples, 'warriors_outbox_pending_events', { service: 'auth' })).toBe(3);
    expect(sampleValue(samples, 'warriors_outbox_retrying_events', { service: 'auth' })).toBe(1);
    expect(sampleValue(samples, 'warriors_outbox_dead_lettered_events', { service: 'auth' })).toBe(2);
    expect(sampleValue(samples, 'warriors_outbox_pending_events', { service: 'activity' })).toBe(0);
    counts = { pending: 0, retrying: 0, deadLettered: 2 };
    expect(sampleValue(await scrape(metrics), 'warriors_outbox_pending_events', { service: 'auth' })).toBe(0);
    failing = true;
    samples = await scrape(metrics);
    // Absent rather than stale: an alert on absent() or on the scrape tells the database is away.
    expect(sampleValue(samples, 'warriors_outbox_pending_events', { service: 'auth' })).toBeUndefined();
    expect(sampleValue(samples, 'warriors_outbox_pending_events', { service: 'activity' })).toBe(0);
  });

  it("reports the in-process bus's consumer lag while a handler holds it, and 0 once it is consumed", async () => {
    const metrics = createMetrics();
    const bus = createMemoryBus();
    metrics.watchConsumers(() => bus.consumerStates());
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let handled = 0;
    await bus.consume({ durable: 'metrics_test', subjects: ['user.>'] }, async () => {
      await gate;
      handled++;
    });
    for (let i = 0; i < 4; i++) await bus.publish({ id: `e-${i}`, type: 'user.deleted', v: 1, occurredAt: new Date().toISOString(), data: { user_id: `u-${i}` } });
    await waitFor(async () => sampleValue(await scrape(metrics), 'warriors_consumer_ack_pending_messages', { durable: 'metrics_test' }) === 1);
    let samples = await scrape(metrics);
    expect(sampleValue(samples, 'warriors_consumer_pending_messages', { durable: 'metrics_test' })).toBe(3);
    expect(sampleValue(samples, 'warriors_consumer_redelivered_messages', { durable: 'metrics_test' })).toBe(0);
    release();
    await waitFor(() => handled === 4);
    await waitFor(async () => sampleValue(await scrape(metrics), 'warriors_consumer_ack_pending_messages', { durable: 'metrics_test' }) === 0);
    samples = await scrape(metrics);
    expect(sampleValue(samples, 'warriors_consumer_pending_messages', { durable: 'metrics_test' })).toBe(0);
    await bus.close();
  });

  it('shares one counter between the services of a process, told apart by their label', async () => {
    const metrics = createMetrics();
    metrics.forService('gamification').counter('leaderboard_rebuilds_total', 'rebuilds').inc({ service: 'gamification' });
    metrics.forService('challenges').counter('leaderboard_rebuilds_total', 'rebuilds').inc({ service: 'challenges' }, 2);
    const samples = await scrape(metrics);
    expect(sampleValue(samples, 'warriors_leaderboard_rebuilds_total', { service: 'gamification' })).toBe(1);
    expect(sampleValue(samples, 'warriors_leaderboard_rebuilds_total', { service: 'challenges' })).toBe(2);
  });
});
