import { randomUUID } from 'node:crypto';
import type { DomainEvent } from '@warriors/contracts';
import { createNatsBus } from '@warriors/kit';
import { faultFigures, recordFaultFigures, startTestSmtp, waitFor, type TestSmtp } from '@warriors/test-support';
import { apiClient } from '../support/api-client';
import { describeAuthThroughGateway } from '../support/auth-flows';
import { describeCampaignsThroughGateway } from '../support/campaign-flows';
import { describeChallengesThroughGateway } from '../support/challenge-flows';
import { describeAccountMailThroughGateway } from '../support/mail-flows';
import { describeCoreLoopThroughGateway } from '../support/core-loop-flows';
import { describeRecapThroughGateway } from '../support/recap-flows';
import { describeExportThroughGateway } from '../support/export-flows';
import { startStack, type TestStack } from '../support/stack';

jest.setTimeout(60_000);
/** How long a restarted consumer may take to apply what it missed: a failed first attempt is delivered again an ack wait (30 s) later. */
const CATCH_UP_MS = 45_000;

describe('stack mode: gateway and services as processes on PostgreSQL, NATS and Redis', () => {
  let stack: TestStack;
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    stack = await startStack({ env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await stack?.close();
    await smtp?.stop();
  });

  describeAuthThroughGateway(() => stack.url);
  describeCoreLoopThroughGateway(() => stack.url);
  describeCampaignsThroughGateway(() => stack.url);
  describeChallengesThroughGateway(
    () => stack.url,
    () => smtp,
  );
  describeAccountMailThroughGateway(
    () => stack.url,
    () => smtp,
  );
  describeRecapThroughGateway(() => stack.url);
  describeExportThroughGateway(() => stack.url);

  // Issue 9 item 5, the attack kept: one broker floods the log with closed deals. The velocity limit
  // answers 429 to what comes too fast, the daily ceiling holds what got in above it, and the boards
  // show only the ceiling's points until the broker confirms a held entry, once.
  it('keeps 40 parallel deal floods off the boards beyond the ceiling, and a confirmation releases its entry exactly once', async () => {
    const api = apiClient(stack.url);
    const attacker = await api.signup({ timezone: 'America/Chicago' });
    const other = await api.signup({ timezone: 'UTC' });
    const token: string = attacker.body.access_token;
    const userId: string = attacker.body.user.id;
    const DEAL = 50;
    const CEILING = 3;

    const boards = async () => {
      const row = async (window: string) =>
        ((await api.call('GET', `/api/leaderboard/${window}`, { token })).body as Array<{ id: string; points: number }>).find((r) => r.id === userId)?.points ?? 0;
      const me = (await api.call('GET', '/api/leaderboard/me?window=alltime', { token })).body.points as number;
      return { today: await row('today'), week: await row('7d'), allTime: await row('alltime'), me };
    };
    const heldList = async () => (await api.call('GET', '/api/activity/held', { token })).body as Array<{ activity_id: string; points: number }>;
    const expectBoards = async (points: number, what: string) => {
      let last = await boards();
      await waitFor(
        async () => {
          last = await boards();
          return Object.values(last).every((p) => p === points);
        },
        15_000,
        what,
        () => JSON.stringify(last),
      );
    };

    // 40 parallel single deals: the ceiling lets exactly 3 through, however the requests race.
    const singles = await Promise.all(
      Array.from({ length: 40 }, () => api.call('POST', '/api/activity', { token, body: { activity_type: 'deal_closed' }, headers: { 'idempotency-key': randomUUID() } })),
    );
    expect(singles.map((r) => r.status)).toEqual(Array(40).fill(201));
    await waitFor(async () => (await heldList()).length === 40 - CEILING, 15_000, '37 held deals');
    await expectBoards(CEILING * DEAL, 'the ceiling on every board');

    // 40 parallel bulk floods of 100 deals: half refused by the velocity limit, the rest held.
    const bulk = { activity_type: 'deal_closed', quantity: 100, note: 'Closed the whole portfolio today', honesty_confirmed: true };
    const floods = await Promise.all(Array.from({ length: 40 }, () => api.call('POST', '/api/activity/bulk', { token, body: bulk })));
    const refused = floods.filter((r) => r.status === 429);
    expect(floods.filter((r) => r.status === 201)).toHaveLength(20);
    expect(refused).toHaveLength(20);
    expect(refused[0]!.body).toEqual({
      detail: expect.stringMatching(/^Too many bulk entries in a short time \(at most 20 every 10 minutes\)\. Please try again in \d+ seconds?\.$/),
    });
    expect(Number(refused[0]!.headers.get('retry-after'))).toBeGreaterThan(0);
    await waitFor(async () => (await heldList()).length === 37 + 20, 15_000, '57 held entries');
    // Nothing of the floods reached a board: another user's log goes through the same consumers after them.
    await api.call('POST', '/api/activity', { token: other.body.access_token, body: { activity_type: 'email' } });
    await expectBoards(CEILING * DEAL, 'the ceiling still');

    // Only the owner may confirm; three confirmations of one flood credit it once.
    const flood = (await heldList()).find((entry) => entry.points === 100 * DEAL)!;
    const notMine = await api.call('POST', `/api/activity/${flood.activity_id}/confirm`, { token: other.body.access_token });
    expect(notMine).toMatchObject({ status: 404, body: { detail: 'Activity not found' } });
    for (let i = 0; i < 3; i++) {
      const confirmed = await api.call('POST', `/api/activity/${flood.activity_id}/confirm`, { token });
      expect(confirmed).toMatchObject({ status: 200, body: { activity_id: flood.activity_id, points: 100 * DEAL, held: false } });
    }
    const expected = CEILING * DEAL + 100 * DEAL;
    await expectBoards(expected, 'the confirmed flood once');
    await api.call('POST', '/api/activity', { token: other.body.access_token, body: { activity_type: 'email' } });
    const seen = await boards();
    const figures = recordFaultFigures(faultFigures('40 parallel deal floods, one confirmed three times', new Map([[userId, expected]]), new Map([[userId, seen.allTime]])));
    expect(figures).toMatchObject({ expected, seen: expected, lost: 0, double: 0 });
    expect(seen).toEqual({ today: expected, week: expected, allTime: expected, me: expected });
    expect(await heldList()).toHaveLength(56);
  });

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

  it(
    'logs with 201 while campaigns is down, and credits the goal once it is back',
    async () => {
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
      // The durable consumer hands campaigns the activity it missed (a first attempt that fails comes
      // back an ack wait, 30 s, later: still credited once it is back).
      await waitFor(
        async () => (await api.call('GET', '/api/campaigns', { token })).body.active?.[0]?.progress === 1,
        CATCH_UP_MS,
        'the missed email credited',
        () => stack.logs('campaigns') + stack.logs('activity'),
      );
    },
    CATCH_UP_MS + 30_000,
  );

  it(
    'logs with 201 while challenges is down, and scores the challenge once it is back',
    async () => {
      const api = apiClient(stack.url);
      const me = await api.signup({ timezone: 'UTC' });
      const token = me.body.access_token;
      const body = { name: 'Outage challenge', start_at: new Date(Date.now() - 60_000).toISOString(), end_at: new Date(Date.now() + 86_400_000).toISOString(), is_private: false };
      const created = await api.call('POST', '/api/challenges', { token, body });
      expect(created.status).toBe(201);

      await stack.stop('challenges');
      try {
        expect((await api.call('POST', '/api/activity', { token, body: { activity_type: 'meeting' } })).status).toBe(201);
      } finally {
        await stack.start('challenges');
      }
      // The durable consumer hands challenges the activity it missed; the board follows.
      await waitFor(
        async () => (await api.call('GET', `/api/challenges/${created.body.id}/leaderboard`, { token })).body?.[0]?.points === 10,
        CATCH_UP_MS,
        'the missed meeting scored',
        () => stack.logs('challenges') + stack.logs('activity'),
      );
    },
    CATCH_UP_MS + 30_000,
  );

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
