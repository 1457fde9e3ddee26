import { randomBytes, randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { refusedUpgrade, sampleValue, scrapeMetrics, socketUrl, openPulseSocket, type MetricSample } from '@warriors/test-support';
import { apiClient } from '../support/api-client';
import { STACK_SERVICES, startStack, type TestStack } from '../support/stack';

jest.setTimeout(180_000);

const METRICS_TOKEN = randomBytes(32).toString('base64url');
const FIRST_JWT_SECRET = randomBytes(48).toString('base64url');
const OUTBOX_SERVICES = ['auth', 'activity', 'gamification', 'campaigns', 'challenges', 'coaching'];

/** The route counter of a process: requests of `route` it answered with a 2xx. */
const answered = (samples: readonly MetricSample[], service: string, route: string, method = 'GET') =>
  sampleValue(samples, 'warriors_http_request_duration_seconds_count', { service, route, method, status_class: '2xx' }) ?? 0;

describe('stack mode: every process serves /metrics', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startStack({ env: { METRICS_TOKEN, JWT_SECRET: FIRST_JWT_SECRET } });
  });
  afterAll(() => stack?.close());

  it('answers the Prometheus format on each process, only with the token, with its own series', async () => {
    const figures: string[] = [];
    for (const name of [...STACK_SERVICES, 'gateway']) {
      expect((await fetch(`${stack.urlOf(name)}/metrics`)).status).toBe(401);
      const started = performance.now();
      const samples = await scrapeMetrics(stack.urlOf(name), METRICS_TOKEN);
      figures.push(`${name} ${(performance.now() - started).toFixed(1)} ms, ${samples.length} samples`);
      expect(sampleValue(samples, 'warriors_process_resident_memory_bytes')).toBeGreaterThan(0);
      if (OUTBOX_SERVICES.includes(name)) expect(sampleValue(samples, 'warriors_outbox_pending_events', { service: name })).toBeGreaterThanOrEqual(0);
      if (name !== 'gateway' && name !== 'auth')
        expect(samples.some((s) => s.name === 'warriors_consumer_pending_messages' && s.labels.durable?.startsWith(`${name}_`))).toBe(true);
    }
    const gateway = await scrapeMetrics(stack.url, METRICS_TOKEN);
    for (const service of STACK_SERVICES) expect(sampleValue(gateway, 'warriors_gateway_upstream_instance_up', { upstream: service, instance: stack.urlOf(service) })).toBe(1);
    expect(sampleValue(await scrapeMetrics(stack.urlOf('social'), METRICS_TOKEN), 'warriors_social_open_sockets', { service: 'social' })).toBe(0);
    // A figure, not a limit: what one scrape costs each process on this machine.
    console.log(`scrape of /metrics: ${figures.join('; ')}`);
  });

  it('moves the route counters of the gateway and of the service behind it, by template', async () => {
    const api = apiClient(stack.url);
    const before = { gateway: await scrapeMetrics(stack.url, METRICS_TOKEN), auth: await scrapeMetrics(stack.urlOf('auth'), METRICS_TOKEN) };
    const token: string = (await api.signup()).body.access_token;
    expect((await api.call('GET', '/api/me', { token })).status).toBe(200);
    const after = { gateway: await scrapeMetrics(stack.url, METRICS_TOKEN), auth: await scrapeMetrics(stack.urlOf('auth'), METRICS_TOKEN) };
    expect(answered(after.gateway, 'gateway', '/api/me') - answered(before.gateway, 'gateway', '/api/me')).toBe(1);
    expect(answered(after.auth, 'auth', '/api/me') - answered(before.auth, 'auth', '/api/me')).toBe(1);
    expect(answered(after.auth, 'auth', '/api/signup', 'POST') - answered(before.auth, 'auth', '/api/signup', 'POST')).toBe(1);
  });

  // docs/operations.md, "Rotating JWT_SECRET", step by step on the running stack.
  it('rotates JWT_SECRET without signing anyone out, then retires the previous secret', async () => {
    const api = apiClient(stack.url);
    const oldSecret = FIRST_JWT_SECRET;
    const newSecret = randomBytes(48).toString('base64url');
    const email = `rotation.${randomUUID()}@example.com`;
    const before: string = (await api.signup({ email })).body.access_token;
    const restartServices = async (env: Record<string, string | undefined>) => {
      await Promise.all(STACK_SERVICES.map((service) => stack.stop(service)));
      // One after the other: seven processes starting at once on a 2-core machine outlast the readiness wait.
      for (const service of STACK_SERVICES) await stack.start(service, env);
    };
    const signedIn = async (token: string) => (await api.call('GET', '/api/me', { token })).status;
    const leaderboard = async (token: string) => (await api.call('GET', '/api/leaderboard/me?window=today', { token })).status;

    // 1. The new secret signs, the old one still verifies.
    await restartServices({ JWT_SECRET: newSecret, JWT_SECRET_PREVIOUS: oldSecret });
    expect(await signedIn(before)).toBe(200);
    expect(await leaderboard(before)).toBe(200);
    const socket = await openPulseSocket(socketUrl(stack.url, before));
    socket.close();
    const login = await api.call('POST', '/api/login', { body: { email, password: 'correct horse battery' } });
    expect(login.status).toBe(200);
    const after: string = login.body.access_token;
    expect(() => jwt.verify(after, newSecret, { algorithms: ['HS256'] })).not.toThrow();
    expect(() => jwt.verify(after, oldSecret, { algorithms: ['HS256'] })).toThrow('invalid signature');

    // 2. Once the old tokens have expired, the previous secret goes: what it signed is refused.
    await restartServices({ JWT_SECRET_PREVIOUS: undefined });
    expect(await signedIn(before)).toBe(401);
    expect(await leaderboard(before)).toBe(401);
    expect(await refusedUpgrade(socketUrl(stack.url, before))).toBe(401);
    expect(await signedIn(after)).toBe(200);
    expect(await leaderboard(after)).toBe(200);
  });
});
