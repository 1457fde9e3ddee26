import { createLogger, fixedClock } from '@warriors/kit';
import { startEmbedded, type EmbeddedProduct } from '@warriors/gateway';
import { eventuallyPasses } from '@warriors/test-support';
import { apiClient } from '../support/api-client';

jest.setTimeout(60_000);

const DAY_MS = 24 * 60 * 60 * 1000;
// Friday 12 June 2026, 15:00 in Chicago (UTC-5 in summer).
const clock = fixedClock('2026-06-12T20:00:00Z');

describe('a weekday streak and its freezes on /api/me, end to end (embedded mode, pinned clock)', () => {
  let product: EmbeddedProduct;
  beforeAll(async () => {
    product = await startEmbedded({ port: 0, host: '127.0.0.1', dataDir: undefined, authAttemptsPerMinute: 1000, clock, logger: createLogger('streak-freezes-test', 'silent') });
  }, 180_000); // PGlite's first start takes over a minute on a busy machine.
  afterAll(() => product?.close());

  it('keeps the streak over the weekend, earns a freeze at twice the goal and spends it on a missed Tuesday', async () => {
    const api = apiClient(product.url);
    const token: string = (await api.signup({ timezone: 'America/Chicago' })).body.access_token;
    const me = async () => (await api.call('GET', '/api/me', { token })).body;
    const streakOfMe = async () => {
      const { streak_days, streak_mode, streak_freezes, streak_protected } = await me();
      return { streak_days, streak_mode, streak_freezes, streak_protected };
    };
    const changed = await api.call('PUT', '/api/settings/profile', { token, body: { streak_mode: 'weekdays' } });
    expect(changed.status).toBe(200);
    expect(changed.body.streak_mode).toBe('weekdays');

    // Ten meetings on Friday: 100 points, twice the daily goal.
    const friday = await api.call('POST', '/api/activity/bulk', { token, body: { activity_type: 'meeting', quantity: 10, honesty_confirmed: true } });
    expect(friday.status).toBe(201);
    expect(await streakOfMe()).toEqual({ streak_days: 1, streak_mode: 'weekdays', streak_freezes: 1, streak_protected: false });

    // Monday: the weekend neither broke nor used anything.
    clock.advance(3 * DAY_MS);
    await eventuallyPasses(async () => expect(await streakOfMe()).toEqual({ streak_days: 1, streak_mode: 'weekdays', streak_freezes: 1, streak_protected: false }));
    const monday = await api.call('POST', '/api/activity', { token, body: { activity_type: 'email' } });
    expect(monday.body.streak_days).toBe(2);

    // Wednesday: Tuesday was missed, and the freeze covered it.
    clock.advance(2 * DAY_MS);
    expect(await streakOfMe()).toEqual({ streak_days: 2, streak_mode: 'weekdays', streak_freezes: 0, streak_protected: true });
  });
});
