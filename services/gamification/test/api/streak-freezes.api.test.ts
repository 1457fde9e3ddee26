import { BUS_QUESTIONS, UserStatsReply } from '@warriors/contracts';
import { fixedClock, inProcessLeaderboard } from '@warriors/kit';
import { eventuallyPasses } from '@warriors/test-support';
import { startGamification, type TestGamification } from '../support/harness';

/**
 * The streak auth's /api/me shows (the user-stats question) in the broker's streak mode with
 * freezes, on real PostgreSQL: activities arrive as activity.logged, the mode with user events.
 * 2030-01-10 is a Thursday; the 12th and 13th are a weekend.
 */
let g: TestGamification;
const clock = fixedClock('2030-01-15T14:00:00Z'); // Tuesday 09:00 in New York

beforeAll(async () => {
  g = await startGamification(inProcessLeaderboard(clock), clock);
});

afterAll(async () => {
  await g.close();
});

const stats = async (userId: string) => UserStatsReply.parse(await g.bus.request(BUS_QUESTIONS.userStats.subject, { user_id: userId }, 2000));
const zone = 'America/New_York';

it('keeps a weekday streak over the weekend, covers a missed Monday with a freeze, and judges again when the mode changes', async () => {
  const user = await g.register({ timezone: zone, streak_mode: 'weekdays' });
  await g.log(user.user_id, 'meeting', { localDate: '2030-01-10', timezone: zone });
  // Ten meetings are 100 points, twice the daily goal of 50: a freeze.
  await g.log(user.user_id, 'meeting', { localDate: '2030-01-11', timezone: zone, quantity: 10 });
  // Monday the 14th is missed: the freeze covers it.
  await eventuallyPasses(async () => expect(await stats(user.user_id)).toMatchObject({ streak_days: 2, streak_freezes: 0, streak_protected: true }));

  await g.log(user.user_id, 'email', { localDate: '2030-01-15', timezone: zone });
  await eventuallyPasses(async () => expect(await stats(user.user_id)).toMatchObject({ streak_days: 3, streak_freezes: 0, streak_protected: true }));
  // The badges' streak is the same one.
  const progress = await g.call('GET', '/api/badges/progress', user.token);
  expect(progress.body).toContainEqual(expect.objectContaining({ badge_type: 'seven_day_streak', current: 3 }));

  // Every day counting, Saturday spent the freeze and Sunday broke the streak: today starts a new one.
  await g.update(user, { streak_mode: 'daily' });
  await eventuallyPasses(async () => expect(await stats(user.user_id)).toMatchObject({ streak_days: 1, streak_freezes: 0, streak_protected: false }));
});

it('holds a freeze earned today without spending it, and answers nothing held for a user without work', async () => {
  const busy = await g.register({ timezone: zone });
  const idle = await g.register({ timezone: zone });
  await g.log(busy.user_id, 'meeting', { localDate: '2030-01-15', timezone: zone, quantity: 10 });
  await eventuallyPasses(async () => expect(await stats(busy.user_id)).toMatchObject({ streak_days: 1, streak_freezes: 1, streak_protected: false }));
  expect(await stats(idle.user_id)).toEqual({ streak_days: 0, streak_freezes: 0, streak_protected: false, badges: [] });
});
