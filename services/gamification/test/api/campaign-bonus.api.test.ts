import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ActivityType, UserProjection } from '@warriors/contracts';
import { createRedis, createRedisLeaderboardStore, fixedClock, type Bus, type LeaderboardStore, type Redis } from '@warriors/kit';
import { eventuallyPasses, startServiceOnNats, type ServiceUnderTest } from '@warriors/test-support';
import { createGamificationService } from '../../src';
import type { GamificationDatabase } from '../../src/store/schema';
import { campaignCompleted, campaignReopened, completedAgain, expectPointsOwed, logActivity, REDIS_URL, registerWarrior } from '../support/harness';

/**
 * campaign.completed end to end on the real infrastructure: PostgreSQL, NATS JetStream (a stream of
 * this file's own) and Redis (a namespace of its own).
 */
const tag = randomBytes(6).toString('hex');
const DAY_MS = 86_400_000;
// Ahead of the real date: Redis expires day keys by its own clock.
const DAY = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS + 40 * DAY_MS).toISOString().slice(0, 10);

let gamification: ServiceUnderTest<Bus>;
let bus: Bus;
let redis: Redis;
let store: LeaderboardStore;
const clock = fixedClock(`${DAY}T15:00:00Z`);
const db = () => gamification.database.db as Kysely<GamificationDatabase>;

beforeAll(async () => {
  redis = createRedis(REDIS_URL);
  store = createRedisLeaderboardStore(redis, { namespace: `gamif-test-${tag}` });
  gamification = await startServiceOnNats({ name: 'gamification', clock, create: (ports) => createGamificationService({ ...ports, leaderboard: store }) });
  bus = gamification.bus;
});

afterAll(async () => {
  await gamification.close();
  await store.clear();
  await redis.quit();
});

async function call(path: string, token?: string): Promise<any> {
  const response = await fetch(`${gamification.url}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  expect(response.status).toBe(200);
  return response.json();
}

async function confirm(activityId: string, token: string): Promise<any> {
  const response = await fetch(`${gamification.url}/api/activity/${activityId}/confirm`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return response.json();
}

const register = (overrides: Partial<UserProjection> = {}) => registerWarrior(gamification, overrides);
const log = (userId: string, type: ActivityType, quantity = 1) => logActivity(bus, clock, userId, type, { quantity });
const completed = (userId: string, bonusPoints: number, activityId: string | null = null) => campaignCompleted(clock, userId, bonusPoints, activityId);

const pointsOf = (rows: Array<{ id: string; points: number }>) => Object.fromEntries(rows.map((r) => [r.id, r.points]));
const board = (path: string, check: (points: Record<string, number>) => void, token?: string) => eventuallyPasses(async () => check(pointsOf(await call(path, token))));
const bonusRows = (userId: string) => db().withSchema('gamification').selectFrom('ledger').selectAll().where('user_id', '=', userId).where('source', '=', 'campaign').execute();

it('credits a campaign bonus delivered three times once, on Today, 7 Days and All Time, and a rebuild keeps it', async () => {
  const [finisher, rival] = [await register(), await register()];
  await log(finisher.user_id, 'meeting'); // 10
  await log(rival.user_id, 'meeting', 3); // 30
  await board('/api/leaderboard/today', (p) => expect(p).toEqual({ [finisher.user_id]: 10, [rival.user_id]: 30 }));

  const event = completed(finisher.user_id, 25);
  // New broker msg ids: three real deliveries, as a re-publish or a redelivery would arrive.
  for (let i = 0; i < 3; i++) await bus.publish(event, { msgId: randomUUID() });
  await eventuallyPasses(async () => {
    const inbox = await db().withSchema('gamification').selectFrom('inbox').select('event_id').where('event_id', '=', event.id).execute();
    expect(inbox).toHaveLength(1);
  });
  // A later bonus of the rival on the same one-at-a-time consumer: once it shows, all three copies were handled.
  await bus.publish(completed(rival.user_id, 1));
  const expected = { [finisher.user_id]: 35, [rival.user_id]: 31 };
  for (const window of ['today', '7d', 'alltime']) await board(`/api/leaderboard/${window}`, (p) => expect(p).toEqual(expected));
  expect(await bonusRows(finisher.user_id)).toEqual([expect.objectContaining({ source_id: event.id, points: 25, local_date: DAY, activity_type: null, quantity: null })]);
  expect(await call('/api/leaderboard/me?window=alltime', finisher.token)).toMatchObject({ rank: 1, points: 35 });

  // As a flush would: the service rebuilds the boards from the ledger by itself.
  await store.clear();
  await eventuallyPasses(async () => expect(await store.isComplete()).toBe(true));
  for (const window of ['today', '7d', 'alltime']) await board(`/api/leaderboard/${window}`, (p) => expect(p).toEqual(expected));
  // The rebuild restored the bonus's apply marker too: one more copy still adds nothing.
  await bus.publish(event, { msgId: randomUUID() });
  await bus.publish(completed(rival.user_id, 1));
  await board('/api/leaderboard/alltime', (p) => expect(p).toEqual({ [finisher.user_id]: 35, [rival.user_id]: 32 }));
});

it('takes back the bonus of a goal an undo re-opened, once; completed again, pays it once more, once (issue 41)', async () => {
  const [finisher, rival] = [await register(), await register()];
  const completing = await log(finisher.user_id, 'meeting'); // 10
  await log(rival.user_id, 'meeting', 3); // 30
  const first = completed(finisher.user_id, 25, completing.data.activity_id);
  await bus.publish(first);
  const windows = ['today', '7d', 'alltime'];
  // The two of them on each board (earlier tests' warriors are on it too).
  const ours = (p: Record<string, number>) => ({ [finisher.user_id]: p[finisher.user_id], [rival.user_id]: p[rival.user_id] });
  for (const window of windows) await board(`/api/leaderboard/${window}`, (p) => expect(ours(p)).toEqual({ [finisher.user_id]: 35, [rival.user_id]: 30 }));

  // The entry undone (its own reversal is activity.deleted's, elsewhere): the goal re-opened, its bonus goes.
  const reopened = campaignReopened(clock, first, completing.data.activity_id);
  for (let i = 0; i < 3; i++) await bus.publish(reopened, { msgId: randomUUID() });
  for (const window of windows) await board(`/api/leaderboard/${window}`, (p) => expect(ours(p)).toEqual({ [finisher.user_id]: 10, [rival.user_id]: 30 }));
  expect(await call('/api/leaderboard/me?window=alltime', finisher.token)).toMatchObject({ points: 10 });
  const rows = () =>
    db()
      .withSchema('gamification')
      .selectFrom('ledger')
      .select(['source', 'source_id', 'points'])
      .where('user_id', '=', finisher.user_id)
      .where('source', '<>', 'activity')
      .orderBy('id')
      .execute();
  expect(await rows()).toEqual([
    { source: 'campaign', source_id: first.id, points: 25 },
    { source: 'reversal', source_id: `reversal:${first.id}`, points: -25 },
  ]);

  // Completed again by a new entry: its second completion pays the bonus once, however often delivered.
  const relog = await log(finisher.user_id, 'meeting');
  const second = completedAgain(clock, first, 2, relog.data.activity_id);
  for (let i = 0; i < 3; i++) await bus.publish(second, { msgId: randomUUID() });
  for (const window of windows) await board(`/api/leaderboard/${window}`, (p) => expect(ours(p)).toEqual({ [finisher.user_id]: 45, [rival.user_id]: 30 }));
  expect(await rows()).toHaveLength(3);

  // The boards rebuilt from the ledger hold the same, and old copies of every event change nothing.
  await store.clear();
  await eventuallyPasses(async () => expect(await store.isComplete()).toBe(true));
  for (const event of [first, reopened, second]) await bus.publish(event, { msgId: randomUUID() });
  await bus.publish(completed(rival.user_id, 1));
  for (const window of windows) await board(`/api/leaderboard/${window}`, (p) => expect(ours(p)).toEqual({ [finisher.user_id]: 45, [rival.user_id]: 31 }));
  expect(await call('/api/leaderboard/me?window=alltime', finisher.token)).toMatchObject({ points: 45 });
});

it('takes a held bonus back while it is held: confirming the held entry then releases neither', async () => {
  const broker = await register();
  await log(broker.user_id, 'meeting', 20); // 200, at the meeting ceiling
  const flood = await log(broker.user_id, 'meeting', 1); // held
  const bonus = completed(broker.user_id, 100, flood.data.activity_id);
  await bus.publish(bonus);
  await eventuallyPasses(async () => expect(await bonusRows(broker.user_id)).toEqual([expect.objectContaining({ held: true })]));
  await bus.publish(campaignReopened(clock, bonus, flood.data.activity_id));
  await eventuallyPasses(async () =>
    expect(await db().withSchema('gamification').selectFrom('ledger').select(['held']).where('source_id', '=', `reversal:${bonus.id}`).execute()).toEqual([{ held: true }]),
  );
  await confirm(flood.data.activity_id, broker.token);
  await board('/api/leaderboard/alltime', (p) => expect(p[broker.user_id]).toBe(210));
  expect(await bonusRows(broker.user_id)).toEqual([expect.objectContaining({ held: true })]);
});

it('does not count a bonus toward badges or the streak, and hides it with a hidden user', async () => {
  const [shy, seen] = [await register({ show_on_leaderboard: false }), await register()];
  // 100 bonus points alone would be two daily goals; badges measure logged work.
  await bus.publish(completed(shy.user_id, 100));
  await bus.publish(completed(seen.user_id, 2));
  await board('/api/leaderboard/today', (p) => expect(p[seen.user_id]).toBe(2));
  expect(pointsOf(await call('/api/leaderboard/today'))[shy.user_id]).toBeUndefined();
  expect(await call('/api/leaderboard/me?window=today', shy.token)).toMatchObject({ rank: null, points: 100 });
  expect(await call('/api/badges', shy.token)).toEqual([]);
  expect(await bus.request('gamification.user.stats', { user_id: shy.user_id }, 2000)).toEqual({ streak_days: 0, streak_freezes: 0, streak_protected: false, badges: [] });

  // With the bonus on the day, 40 logged points are still short of the 50-point daily goal.
  await log(shy.user_id, 'meeting', 4);
  await eventuallyPasses(async () => expect(await call('/api/leaderboard/me?window=today', shy.token)).toMatchObject({ points: 140 }));
  expect(await call('/api/badges', shy.token)).toEqual([expect.objectContaining({ badge_type: 'first_meeting' })]);
});

it('keeps the bonus of a goal completed with a held entry off the boards until its owner confirms, then counts both once', async () => {
  const [broker, honest] = [await register(), await register()];
  await log(broker.user_id, 'meeting', 20); // 200, at the meeting ceiling of 20
  const flood = await log(broker.user_id, 'meeting', 100); // 1,000, held
  const honestWork = await log(honest.user_id, 'meeting', 2); // 20
  // The custom goals these entries completed: floor(10% of the target's points).
  const heldBonus = completed(broker.user_id, 100, flood.data.activity_id);
  for (let i = 0; i < 3; i++) await bus.publish(heldBonus, { msgId: randomUUID() });
  await bus.publish(completed(honest.user_id, 2, honestWork.data.activity_id));

  const windows = ['today', '7d', 'alltime'];
  const before = { [broker.user_id]: 200, [honest.user_id]: 22 };
  for (const window of windows) await board(`/api/leaderboard/${window}`, (p) => expectPointsOwed(`held bonus, ${window}`, before, p));
  expect(await bonusRows(broker.user_id)).toEqual([expect.objectContaining({ source_id: heldBonus.id, points: 100, held: true, confirmed_at: null })]);
  expect(await bonusRows(honest.user_id)).toEqual([expect.objectContaining({ points: 2, held: false })]);
  // The held list is of entries: the bonus waits with them but is not one.
  expect((await call('/api/activity/held', broker.token)).map((a: { activity_id: string }) => a.activity_id)).toEqual([flood.data.activity_id]);
  await store.clear();
  await eventuallyPasses(async () => expect(await store.isComplete()).toBe(true));
  for (const window of windows) await board(`/api/leaderboard/${window}`, (p) => expectPointsOwed(`held bonus after a rebuild, ${window}`, before, p));

  for (let i = 0; i < 2; i++) expect(await confirm(flood.data.activity_id, broker.token)).toMatchObject({ activity_id: flood.data.activity_id, held: false });
  const after = { [broker.user_id]: 1300, [honest.user_id]: 22 };
  for (const window of windows) await board(`/api/leaderboard/${window}`, (p) => expectPointsOwed(`confirmed, ${window}`, after, p));
  expect(await bonusRows(broker.user_id)).toEqual([expect.objectContaining({ held: false, confirmed_at: expect.any(Date) })]);

  // One more copy of the bonus after the release, then a rebuild: still once.
  await bus.publish(heldBonus, { msgId: randomUUID() });
  await bus.publish(completed(honest.user_id, 1));
  await board('/api/leaderboard/alltime', (p) => expectPointsOwed('redelivered after the release', { ...after, [honest.user_id]: 23 }, p));
  await store.clear();
  await eventuallyPasses(async () => expect(await store.isComplete()).toBe(true));
  for (const window of windows) await board(`/api/leaderboard/${window}`, (p) => expectPointsOwed(`confirmed after a rebuild, ${window}`, { ...after, [honest.user_id]: 23 }, p));
  expect(await call('/api/leaderboard/me?window=today', broker.token)).toMatchObject({ points: 1300 });
});
