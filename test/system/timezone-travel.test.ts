import { createLogger, fixedClock } from '@warriors/kit';
import { startEmbedded, type EmbeddedProduct } from '@warriors/gateway';
import { eventually } from '@warriors/test-support';
import { apiClient } from '../support/api-client';

jest.setTimeout(90_000);

/**
 * A broker changes their timezone in flight (docs/decisions.md, "A change of timezone: no day lost or
 * counted twice"): the whole product, embedded, on a pinned clock, through the public API only.
 */
const clock = fixedClock('2026-11-11T05:00:00Z');

describe('a change of timezone neither loses nor doubles a day (embedded mode, pinned clock)', () => {
  let product: EmbeddedProduct;
  let api: ReturnType<typeof apiClient>;
  beforeAll(async () => {
    product = await startEmbedded({ port: 0, host: '127.0.0.1', dataDir: undefined, authAttemptsPerMinute: 1000, clock, logger: createLogger('timezone-travel-test', 'silent') });
    api = apiClient(product.url);
  });
  afterAll(() => product?.close());

  async function broker(timezone: string) {
    const token: string = (await api.signup({ timezone })).body.access_token;
    const log = async (activity_type: string, quantity = 1) => {
      const answer =
        quantity === 1
          ? await api.call('POST', '/api/activity', { token, body: { activity_type } })
          : await api.call('POST', '/api/activity/bulk', { token, body: { activity_type, quantity, honesty_confirmed: true } });
      expect(answer.status).toBe(201);
      return {
        day: answer.body.activity.local_date as string,
        points: answer.body.points_awarded as number,
        streak: answer.body.streak_days as number,
        badges: (answer.body.badges as { badge_type: string }[]).map((badge) => badge.badge_type),
      };
    };
    const moveTo = async (zone: string) => expect((await api.call('PUT', '/api/settings/profile', { token, body: { timezone: zone } })).status).toBe(200);
    const streak = async () => (await api.call('GET', '/api/me', { token })).body.streak_days as number;
    const todayPoints = async (expected: number) =>
      eventually(`today's board at ${expected}`, async () => {
        const standing = await api.call('GET', '/api/leaderboard/me?window=today', { token });
        return standing.status === 200 && standing.body.points === expected ? standing.body : undefined;
      });
    const dailyGoal = async (name: string) => {
      const created = await api.call('POST', '/api/campaigns/create', { token, body: { name, duration_days: 1, goals: [{ type: 'cold_call', count: 3 }] } });
      expect(created.status).toBe(201);
      return { ends_at: created.body.ends_at as string, days_remaining: created.body.days_remaining as number };
    };
    return { log, moveTo, streak, todayPoints, dailyGoal };
  }

  it('flying west just after midnight (Chicago to Los Angeles): yesterday is not reopened', async () => {
    clock.set('2026-11-11T05:00:00Z'); // 23:00 on Nov 10 in Chicago
    const ana = await broker('America/Chicago');
    expect(await ana.log('email')).toMatchObject({ day: '2026-11-10', streak: 1 });

    clock.set('2026-11-11T06:20:00Z'); // 00:20 on Nov 11 in Chicago
    const knocks = await ana.log('doorknock', 20);
    expect(knocks).toMatchObject({ day: '2026-11-11', streak: 2 });
    expect(knocks.badges).toContain('door_dominator');

    clock.set('2026-11-11T06:30:00Z'); // lands: 22:30 on Nov 10 in Los Angeles
    await ana.moveTo('America/Los_Angeles');

    clock.set('2026-11-11T06:40:00Z');
    const email = await ana.log('email');
    expect(email).toMatchObject({ day: '2026-11-11', streak: 2 }); // not Nov 10 again
    expect(await ana.streak()).toBe(2);
    const moreKnocks = await ana.log('doorknock', 20);
    expect(moreKnocks.day).toBe('2026-11-11');
    expect(moreKnocks.badges).not.toContain('door_dominator'); // Nov 11's already earned; Nov 10 is not reopened for another
    await ana.todayPoints(knocks.points + email.points + moreKnocks.points);
    // A daily goal set now is Nov 11's: it ends at Los Angeles' midnight after Nov 11, not in 80 minutes.
    expect(await ana.dailyGoal('West daily')).toEqual({ ends_at: '2026-11-12T08:00:00.000Z', days_remaining: 1 });

    clock.set('2026-11-12T08:10:00Z'); // 00:10 on Nov 12 in Los Angeles
    expect(await ana.log('email')).toMatchObject({ day: '2026-11-12', streak: 3 });
    expect(await ana.streak()).toBe(3);
  });

  it('flying east just before midnight (Los Angeles to New York): the day in force is not lost', async () => {
    clock.set('2026-11-10T04:00:00Z'); // 20:00 on Nov 9 in Los Angeles
    const ben = await broker('America/Los_Angeles');
    expect(await ben.log('email')).toMatchObject({ day: '2026-11-09', streak: 1 });

    clock.set('2026-11-11T07:30:00Z'); // 23:30 on Nov 10 in Los Angeles, 02:30 on Nov 11 in New York
    await ben.moveTo('America/New_York');

    clock.set('2026-11-11T07:45:00Z');
    const late = await ben.log('doorknock', 20);
    expect(late).toMatchObject({ day: '2026-11-10', streak: 2 }); // the half hour left of Nov 10 still counts: the streak holds
    expect(late.badges).toContain('door_dominator');
    expect(await ben.streak()).toBe(2);
    await ben.todayPoints(late.points);
    // A daily goal set now is Nov 10's, ending when Nov 10 does (Los Angeles' midnight).
    expect(await ben.dailyGoal('East daily')).toEqual({ ends_at: '2026-11-11T08:00:00.000Z', days_remaining: 1 });

    clock.set('2026-11-11T08:05:00Z'); // 03:05 on Nov 11 in New York: the next day begins
    const next = await ben.log('doorknock', 20);
    expect(next).toMatchObject({ day: '2026-11-11', streak: 3 });
    expect(next.badges).toContain('door_dominator'); // Nov 11 is a day of its own
    expect(await ben.streak()).toBe(3);
    await ben.todayPoints(next.points);
  });
});
