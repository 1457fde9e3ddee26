import { randomUUID } from 'node:crypto';
import { DEFAULT_EFFECTS_WAIT_MS } from '@warriors/activity';
import { createRedis } from '@warriors/kit';
import { waitFor } from '@warriors/test-support';
import { apiClient } from '../support/api-client';
import { startStack, type TestStack } from '../support/stack';

jest.setTimeout(120_000);

interface BoardRow {
  id: string;
  points: number;
}

describe('faults in the stack: the leaderboard always equals the ledger', () => {
  let stack: TestStack;
  beforeAll(async () => {
    // Nothing here reads a log's effects, and with gamification down each log would wait the test
    // stack's 5 s for them (200 logs, 100 s): the product's own wait keeps the outage test short.
    stack = await startStack({ env: { ACTIVITY_EFFECTS_WAIT_MS: String(DEFAULT_EFFECTS_WAIT_MS) } });
  });
  afterAll(() => stack?.close());

  const board = async (window: string): Promise<BoardRow[]> => (await apiClient(stack.url).call('GET', `/api/leaderboard/${window}?tz=UTC`)).body;

  it('(a) loses and doubles nothing while gamification is down: 200 logs, then a restart', async () => {
    const api = apiClient(stack.url);
    const warriors = await Promise.all(Array.from({ length: 4 }, (_, i) => api.signup({ name: `Outage ${i}`, timezone: 'UTC' })));
    await stack.stop('gamification');

    const expected = new Map<string, number>();
    const types = ['cold_call', 'doorknock', 'email', 'direct_mail'] as const;
    const points = { cold_call: 1, doorknock: 3, email: 1, direct_mail: 2 };
    for (let i = 0; i < 200; i += 10) {
      const batch = Array.from({ length: 10 }, (_, j) => {
        const warrior = warriors[(i + j) % warriors.length]!;
        const type = types[(i + j) % types.length]!;
        expected.set(warrior.body.user.id, (expected.get(warrior.body.user.id) ?? 0) + points[type]);
        return api.call('POST', '/api/activity', { token: warrior.body.access_token, body: { activity_type: type }, headers: { 'idempotency-key': randomUUID() } });
      });
      const answers = await Promise.all(batch);
      expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    }

    await stack.start('gamification');
    const matches = async () => {
      const rows = await board('today');
      return [...expected].every(([id, total]) => rows.find((r) => r.id === id)?.points === total);
    };
    await waitFor(matches, 60_000, 'every logged point on the today board', () => stack.logs('gamification'));
    const alltime = await board('alltime');
    for (const [id, total] of expected) expect(alltime.find((r) => r.id === id)?.points).toBe(total);
  });

  it('(c) rebuilds identical boards after Redis is flushed', async () => {
    const api = apiClient(stack.url);
    const warrior = await api.signup({ name: 'Rebuild Check', timezone: 'UTC' });
    await api.call('POST', '/api/activity/bulk', { token: warrior.body.access_token, body: { activity_type: 'meeting', quantity: 3, honesty_confirmed: true } });
    await waitFor(async () => (await board('today')).some((r) => r.id === warrior.body.user.id), 10_000, 'the meeting on the board');
    const before = { today: await board('today'), week: await board('7d'), alltime: await board('alltime') };

    const redis = createRedis('redis://127.0.0.1:6379');
    const keys = await redis.keys(`${stack.leaderboardNamespace}:*`);
    expect(keys.length).toBeGreaterThan(0);
    await redis.del(...keys);
    redis.disconnect();

    const rebuilt = await stack.run('gamification', 'services/gamification/dist/rebuild.js');
    expect(rebuilt.code).toBe(0);
    // The boards' response cache is short-lived; wait it out rather than assume its length.
    await waitFor(
      async () => JSON.stringify(await board('today')) === JSON.stringify(before.today),
      5_000,
      'the rebuilt today board',
      () => rebuilt.output,
    );
    expect(await board('7d')).toEqual(before.week);
    expect(await board('alltime')).toEqual(before.alltime);
  });
});
