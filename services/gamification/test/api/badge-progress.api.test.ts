import { BadgeProgressList, type BadgeProgress, type BadgeType } from '@warriors/contracts';
import { fixedClock, inProcessLeaderboard } from '@warriors/kit';
import { eventuallyPasses } from '@warriors/test-support';
import { startGamification, type TestGamification } from '../support/harness';

/** GET /api/badges/progress on real PostgreSQL, the activities arriving as activity.logged events. */
let g: TestGamification;
const clock = fixedClock('2030-01-01T00:00:00Z');

beforeAll(async () => {
  g = await startGamification(inProcessLeaderboard(clock), clock);
});

afterAll(async () => {
  await g.close();
});

async function progress(token: string): Promise<BadgeProgress[]> {
  const reply = await g.call('GET', '/api/badges/progress', token);
  expect(reply.status).toBe(200);
  return BadgeProgressList.parse(reply.body);
}

const find = (list: BadgeProgress[], badge: BadgeType) => list.find((p) => p.badge_type === badge);

it('counts down to a badge, drops it once earned, and shows it again when its cycle resets', async () => {
  const day = g.freshDay();
  const user = await g.register();
  await g.log(user.user_id, 'cold_call', { quantity: 49 });
  const before = await eventuallyPasses(async () => {
    const list = await progress(user.token);
    expect(find(list, 'call_crusher')).toMatchObject({ current: 49 });
    return list;
  });
  expect(find(before, 'call_crusher')).toMatchObject({ target: 50, remaining: 1, text: '1 more cold call to Call Crusher' });
  expect(find(before, 'daily_victory')).toMatchObject({ current: 49, target: 50, text: '1 more point to Daily Victory' });
  expect(find(before, '100_calls')).toMatchObject({ current: 49, remaining: 51 });
  expect(find(before, 'seven_day_streak')).toMatchObject({ current: 1, text: 'Streak 1 of 7 days' });

  await g.log(user.user_id, 'cold_call');
  await g.log(user.user_id, 'meeting');
  const earned = await eventuallyPasses(async () => {
    const list = await progress(user.token);
    expect(find(list, 'call_crusher')).toBeUndefined();
    expect(find(list, 'first_meeting')).toBeUndefined();
    return list;
  });
  expect(find(earned, 'daily_victory')).toBeUndefined();
  expect(find(earned, 'meeting_maker_20')).toMatchObject({ current: 1, remaining: 19, text: '19 more meetings to Meeting Maker' });

  // The next day is a new daily cycle; the lifetime badge stays earned, and the streak counts yesterday.
  clock.set(`${day}T15:00:00Z`);
  clock.advance(24 * 60 * 60 * 1000);
  const tomorrow = await progress(user.token);
  expect(find(tomorrow, 'call_crusher')).toMatchObject({ current: 0, remaining: 50 });
  expect(find(tomorrow, 'daily_victory')).toMatchObject({ current: 0, remaining: 50 });
  expect(find(tomorrow, 'first_meeting')).toBeUndefined();
  expect(find(tomorrow, '100_calls')).toMatchObject({ current: 50, remaining: 50 });
  expect(find(tomorrow, 'seven_day_streak')?.text).toBe('Streak 1 of 7 days');
});

it('judges the cycle on the user’s own local today', async () => {
  const day = g.freshDay();
  // 15:00 UTC is already midnight of the next day in Tokyo: the day's calls are yesterday's there.
  const user = await g.register({ timezone: 'Asia/Tokyo' });
  const utcUser = await g.register();
  await g.log(user.user_id, 'doorknock', { quantity: 5, localDate: day, timezone: 'Asia/Tokyo' });
  await g.log(utcUser.user_id, 'doorknock', { quantity: 5 });
  await eventuallyPasses(async () => expect(find(await progress(utcUser.token), 'door_dominator')).toMatchObject({ current: 5, text: '15 more doorknocks to Door Dominator' }));
  await eventuallyPasses(async () => expect(find(await progress(user.token), 'field_warrior_week')).toMatchObject({ current: 5 }));
  expect(find(await progress(user.token), 'door_dominator')).toMatchObject({ current: 0, remaining: 20 });
});

it('lists every badge for a newcomer and refuses a request without a token', async () => {
  const newcomer = await g.register();
  expect((await progress(newcomer.token)).map((p) => p.remaining > 0)).toEqual(Array(15).fill(true));
  expect((await g.call('GET', '/api/badges/progress')).status).toBe(401);
});
