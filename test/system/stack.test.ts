import type { DomainEvent } from '@warriors/contracts';
import { createNatsBus } from '@warriors/kit';
import { apiClient } from '../support/api-client';
import { waitFor } from '../support/wait-for';
import { describeAuthThroughGateway } from '../support/auth-flows';
import { describeCampaignsThroughGateway } from '../support/campaign-flows';
import { describeCoreLoopThroughGateway } from '../support/core-loop-flows';
import { startStack, type TestStack } from '../support/stack';

jest.setTimeout(60_000);

describe('stack mode: gateway and services as processes on PostgreSQL, NATS and Redis', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startStack(['auth', 'activity', 'gamification', 'campaigns']);
  });
  afterAll(() => stack?.close());

  describeAuthThroughGateway(() => stack.url);
  describeCoreLoopThroughGateway(() => stack.url);
  describeCampaignsThroughGateway(() => stack.url);

  it('answers 502 {detail} within a second while auth is down, and recovers without restarting the gateway', async () => {
    const api = apiClient(stack.url);
    const before = await api.signup();
    expect(before.status).toBe(201);

    await stack.stop('auth');
    const started = Date.now();
    const down = await api.call('GET', '/api/me', { token: before.body.access_token });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(down.status).toBe(502);
    expect(down.body).toEqual({ detail: 'The auth service is unavailable. Please try again shortly.' });
    expect((await fetch(`${stack.url}/readyz`)).status).toBe(503);

    await stack.start('auth');
    const after = await api.call('GET', '/api/me', { token: before.body.access_token });
    expect(after.status).toBe(200);
    expect(after.body.email).toBe(before.body.user.email);
    expect((await fetch(`${stack.url}/readyz`)).status).toBe(200);
  });

  it('logs with 201 while campaigns is down, and credits the goal once it is back', async () => {
    const api = apiClient(stack.url);
    const me = await api.signup({ timezone: 'UTC' });
    const token = me.body.access_token;
    const goal = await api.call('POST', '/api/campaigns', { token, body: { name: 'Outage goal', duration_days: 1, goals: [{ type: 'email', count: 2 }] } });
    expect(goal.status).toBe(201);

    await stack.stop('campaigns');
    try {
      const logged = await api.call('POST', '/api/activity', { token, body: { activity_type: 'email' } });
      expect(logged.status).toBe(201);
      expect(logged.body).toMatchObject({ milestones: [], campaign_completed: null });
    } finally {
      await stack.start('campaigns');
    }
    // The durable consumer hands campaigns the activity it missed.
    await waitFor(
      async () => (await api.call('GET', '/api/campaigns', { token })).body.active?.[0]?.progress === 1,
      15_000,
      'the missed email credited',
      () => stack.logs('campaigns'),
    );
  });

  it('relays user events from the auth outbox to NATS JetStream', async () => {
    const bus = await createNatsBus({ servers: 'nats://127.0.0.1:4222', streamName: stack.nats.stream, subjectPrefix: stack.nats.prefix });
    const seen: DomainEvent[] = [];
    await bus.consume({ durable: 'system_probe', subjects: ['user.>'] }, async (event) => {
      seen.push(event);
    });
    try {
      const signup = await apiClient(stack.url).signup({ name: 'Relay Check' });
      const userId = signup.body.user.id;
      await waitFor(() => seen.some((e) => e.type === 'user.registered' && e.data.user_id === userId), 10_000, 'user.registered on NATS');
      const event = seen.find((e) => e.type === 'user.registered' && e.data.user_id === userId)!;
      expect(event.data).toMatchObject({ name: 'Relay Check', timezone: 'America/Chicago', show_on_leaderboard: true });
    } finally {
      await bus.close();
    }
  });

  it('returns the request id the gateway gave the request', async () => {
    const res = await fetch(`${stack.url}/api/me`, { headers: { 'x-request-id': 'trace-me-123' } });
    expect(res.headers.get('x-request-id')).toBe('trace-me-123');
  });
});
