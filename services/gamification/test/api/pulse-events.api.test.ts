import { randomBytes, randomUUID } from 'node:crypto';
import {
  BUS_QUESTIONS,
  addDays,
  DEFAULT_DAILY_GOAL_POINTS,
  pointsAwardedEventId,
  PROFILE_BADGE_LIMIT,
  PublicStatsReply,
  rankChangedEventId,
  StandingReply,
  streakChangedEventId,
  type Badge,
  type DomainEvent,
  type EventOf,
} from '@warriors/contracts';
import { createRedis, createRedisLeaderboardStore, fixedClock, type Bus, type LeaderboardStore, type Redis } from '@warriors/kit';
import { eventuallyPasses, startServiceOnNats, type ServiceUnderTest } from '@warriors/test-support';
import { createGamificationService } from '../../src';
import { campaignCompleted, logActivity, REDIS_URL, registerWarrior } from '../support/harness';

/**
 * What gamification tells the live pulse, and what it answers a public profile, end to end on PostgreSQL, NATS JetStream (a stream of this
 * file's own) and Redis (a namespace of its own): points.awarded, streak.changed and rank.changed.
 */
const tag = randomBytes(6).toString('hex');
const DAY_MS = 86_400_000;
// Ahead of the real date: Redis expires day keys by its own clock. Each test logs on days of its own.
const dayAfter = (days: number) => new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS + (50 + days) * DAY_MS).toISOString().slice(0, 10);

let gamification: ServiceUnderTest<Bus>;
let bus: Bus;
let redis: Redis;
let store: LeaderboardStore;
const clock = fixedClock(`${dayAfter(0)}T15:00:00Z`);
const heard: DomainEvent[] = [];

beforeAll(async () => {
  redis = createRedis(REDIS_URL);
  store = createRedisLeaderboardStore(redis, { namespace: `gamif-pulse-${tag}` });
  gamification = await startServiceOnNats({ name: 'gamification', clock, create: (ports) => createGamificationService({ ...ports, leaderboard: store }) });
  bus = gamification.bus;
  await bus.consume({ durable: 'pulse_listener', subjects: ['points.awarded', 'streak.changed', 'rank.changed'] }, async (event) => {
    heard.push(event);
  });
});

afterAll(async () => {
  await gamification.close();
  await store.clear();
  await redis.quit();
});

const register = () => registerWarrior(gamification);
const log = (userId: string, quantity: number, localDate: string) => logActivity(bus, clock, userId, 'meeting', { quantity, localDate });
const copiesOf = (id: string) => heard.filter((e) => e.id === id);
const heardOnce = async <T extends DomainEvent['type']>(id: string): Promise<EventOf<T>> => {
  let event: DomainEvent | undefined;
  await eventuallyPasses(async () => {
    expect(copiesOf(id)).toHaveLength(1);
    event = copiesOf(id)[0];
  });
  return event as EventOf<T>;
};
/** Once a later log of the same consumer is heard, every event before it was handled. */
async function settled(localDate: string): Promise<void> {
  const marker = await register();
  const event = await log(marker.user_id, 1, localDate);
  await heardOnce(pointsAwardedEventId(event.data.activity_id));
}

it('tells of a log’s points, the streak its new day makes and the rival it passes, once however often it is delivered', async () => {
  const day = dayAfter(1);
  const [rival, climber] = [await register(), await register()];
  await log(rival.user_id, 2, day); // 20
  const climb = await log(climber.user_id, 3, day); // 30: passes the rival

  const awarded = await heardOnce<'points.awarded'>(pointsAwardedEventId(climb.data.activity_id));
  expect(awarded.data).toEqual({
    user_id: climber.user_id,
    points: 30,
    reason: 'activity',
    activity_id: climb.data.activity_id,
    local_date: day,
    awarded_at: clock.now().toISOString(),
  });
  const streak = await heardOnce<'streak.changed'>(streakChangedEventId(climber.user_id, day));
  expect(streak.data).toEqual({ user_id: climber.user_id, streak_days: 1, previous_streak_days: 0, local_date: day });
  const rank = await heardOnce<'rank.changed'>(rankChangedEventId(climb.data.activity_id));
  expect(rank.data).toEqual({
    user_id: climber.user_id,
    window: 'today',
    local_date: day,
    new_rank: 1,
    positions_gained: 1,
    passed_users: [{ id: rival.user_id, username: rival.username }],
  });

  // The rival passed nobody: no rank.changed for their log.
  const rivalLog = heard.find((e) => e.type === 'points.awarded' && e.data.user_id === rival.user_id)!;
  expect(copiesOf(rankChangedEventId((rivalLog as EventOf<'points.awarded'>).data.activity_id!))).toEqual([]);

  // Redelivered (a new broker msg id, as a redelivery arrives): applied once, told once.
  await bus.publish(climb, { msgId: randomUUID() });
  await settled(day);
  expect(copiesOf(pointsAwardedEventId(climb.data.activity_id))).toHaveLength(1);
  expect(copiesOf(streakChangedEventId(climber.user_id, day))).toHaveLength(1);
  expect(copiesOf(rankChangedEventId(climb.data.activity_id))).toHaveLength(1);
});

it('tells of a streak growing day after day, not again within a day, and starting over after a gap', async () => {
  const [first, second, fourth] = [dayAfter(10), dayAfter(11), dayAfter(13)];
  const warrior = await register();
  await log(warrior.user_id, 1, first);
  await log(warrior.user_id, 1, second);
  const again = await log(warrior.user_id, 1, second);
  await log(warrior.user_id, 1, fourth);
  const streaks = async (day: string) => (await heardOnce<'streak.changed'>(streakChangedEventId(warrior.user_id, day))).data;
  expect(await streaks(first)).toMatchObject({ previous_streak_days: 0, streak_days: 1 });
  expect(await streaks(second)).toMatchObject({ previous_streak_days: 1, streak_days: 2 });
  expect(await streaks(fourth)).toMatchObject({ previous_streak_days: 0, streak_days: 1 });
  await heardOnce(pointsAwardedEventId(again.data.activity_id));
  expect(heard.filter((e) => e.type === 'streak.changed' && e.data.user_id === warrior.user_id)).toHaveLength(3);
});

it('awards nothing for a held entry until its broker confirms it, then once', async () => {
  const day = dayAfter(20);
  const broker = await register();
  const flood = await log(broker.user_id, 100, day); // 1,000 meetings' points: above the daily ceiling, held
  await settled(day);
  expect(copiesOf(pointsAwardedEventId(flood.data.activity_id))).toEqual([]);
  expect(heard.filter((e) => 'user_id' in e.data && e.data.user_id === broker.user_id)).toEqual([]);

  for (let i = 0; i < 2; i++) {
    const response = await fetch(`${gamification.url}/api/activity/${flood.data.activity_id}/confirm`, { method: 'POST', headers: { authorization: `Bearer ${broker.token}` } });
    expect(response.status).toBe(200);
  }
  const awarded = await heardOnce<'points.awarded'>(pointsAwardedEventId(flood.data.activity_id));
  expect(awarded.data).toMatchObject({ user_id: broker.user_id, points: 1000, reason: 'activity', local_date: day });
  await settled(day);
  expect(copiesOf(pointsAwardedEventId(flood.data.activity_id))).toHaveLength(1);
});

it('tells of a goal’s completion bonus once, under the user campaign’s id', async () => {
  clock.set(`${dayAfter(30)}T15:00:00Z`);
  const finisher = await register();
  const bonus = campaignCompleted(clock, finisher.user_id, 25);
  for (let i = 0; i < 2; i++) await bus.publish(bonus, { msgId: randomUUID() });
  const awarded = await heardOnce<'points.awarded'>(`points.awarded:campaign:${bonus.data.user_campaign_id}`);
  expect(awarded.data).toEqual({
    user_id: finisher.user_id,
    points: 25,
    reason: 'campaign_bonus',
    activity_id: null,
    local_date: bonus.data.local_date,
    awarded_at: clock.now().toISOString(),
  });
  await settled(bonus.data.local_date);
  expect(copiesOf(awarded.id)).toHaveLength(1);
});

describe(`request ${BUS_QUESTIONS.publicStats.subject}`, () => {
  const ask = async (payload: object) => PublicStatsReply.parse(await bus.request(BUS_QUESTIONS.publicStats.subject, payload, 2000));
  const get = async (path: string, token: string) => (await fetch(`${gamification.url}${path}`, { headers: { authorization: `Bearer ${token}` } })).json();

  it('answers rank, streak, points by the owner’s local windows and the newest badges', async () => {
    const today = dayAfter(60);
    const warrior = await register();
    // Oldest first, the clock moving with them so the badges they earn are of different times.
    const history: Array<[date: string, quantity: number]> = [
      [addDays(today, -40), 1],
      [addDays(today, -10), 2],
      [addDays(today, -3), 3],
      [addDays(today, -1), 1],
      [today, 4],
    ];
    for (const [date, quantity] of history) {
      clock.set(`${date}T15:00:00Z`);
      const event = await log(warrior.user_id, quantity, date);
      await heardOnce(pointsAwardedEventId(event.data.activity_id));
    }
    const held = await log(warrior.user_id, 100, today);
    await settled(today);
    expect(copiesOf(pointsAwardedEventId(held.data.activity_id))).toEqual([]);

    const stats = await ask({ user_id: warrior.user_id, timezone: 'UTC' });
    const standing = await get('/api/leaderboard/me?window=alltime', warrior.token);
    expect(standing.rank).toEqual(expect.any(Number));
    // The held entry counts nowhere until confirmed.
    expect(stats).toMatchObject({ rank: standing.rank, streak_days: 2, today_points: 40, points_7d: 80, points_30d: 100, total_points: 110 });
    const earned: Badge[] = await get('/api/badges', warrior.token);
    expect(earned.length).toBeGreaterThan(0);
    expect(stats.badges.length).toBe(Math.min(earned.length, PROFILE_BADGE_LIMIT));
    const times = stats.badges.map((b) => b.earned_at);
    expect(times).toEqual([...times].sort().reverse());
    expect(earned).toEqual(expect.arrayContaining(stats.badges));
  });

  it('reads today in the timezone asked for', async () => {
    const today = dayAfter(70);
    clock.set(`${today}T15:00:00Z`);
    const warrior = await register();
    await log(warrior.user_id, 2, today);
    await settled(today);
    // 15:00 UTC is already tomorrow in Kiritimati (UTC+14): nothing today, the streak kept from yesterday.
    expect(await ask({ user_id: warrior.user_id, timezone: 'Pacific/Kiritimati' })).toMatchObject({ streak_days: 1, today_points: 0, points_7d: 20, total_points: 20 });
  });

  it('answers no rank for someone hidden from leaderboards or without points, and nothing for a text that is no user id', async () => {
    const today = dayAfter(80);
    clock.set(`${today}T15:00:00Z`);
    const hidden = await registerWarrior(gamification, { show_on_leaderboard: false });
    await log(hidden.user_id, 1, today);
    await settled(today);
    expect(await ask({ user_id: hidden.user_id, timezone: 'UTC' })).toMatchObject({ rank: null, today_points: 10, total_points: 10 });
    const idle = await register();
    const nothing = { rank: null, streak_days: 0, today_points: 0, points_7d: 0, points_30d: 0, total_points: 0, badges: [] };
    expect(await ask({ user_id: idle.user_id, timezone: 'UTC' })).toEqual(nothing);
    expect(await ask({ user_id: 'not-a-uuid', timezone: 'UTC' })).toEqual(nothing);
  });

  it('refuses a payload that is not the contract’s', async () => {
    await expect(bus.request(BUS_QUESTIONS.publicStats.subject, { user_id: 'x' }, 2000)).rejects.toThrow();
  });
});

describe(`request ${BUS_QUESTIONS.standing.subject}`, () => {
  const ask = async (payload: object) => StandingReply.parse(await bus.request(BUS_QUESTIONS.standing.subject, payload, 2000));
  const get = async (path: string, token: string) => (await fetch(`${gamification.url}${path}`, { headers: { authorization: `Bearer ${token}` } })).json();

  it('answers the user’s standing on the board asked for, as GET /api/leaderboard/me shows it, with the points a day’s goal takes', async () => {
    const today = dayAfter(90);
    clock.set(`${today}T15:00:00Z`);
    const leader = await register();
    const chaser = await register();
    await log(leader.user_id, 5, today);
    await log(chaser.user_id, 2, today);
    await settled(today);
    for (const window of ['today', 'alltime'] as const) {
      const shown = await get(`/api/leaderboard/me?window=${window}`, chaser.token);
      expect(await ask({ user_id: chaser.user_id, timezone: 'UTC', window })).toEqual({ ...shown, daily_goal_points: DEFAULT_DAILY_GOAL_POINTS });
    }
    // 50 against 20: 31 points pass the leader.
    expect(await ask({ user_id: chaser.user_id, timezone: 'UTC', window: 'today' })).toMatchObject({ rank: 2, points: 20, gap_to_next: 31 });
    // 15:00 UTC is already tomorrow in Kiritimati (UTC+14): nothing on today's board there.
    expect(await ask({ user_id: chaser.user_id, timezone: 'Pacific/Kiritimati', window: 'today' })).toMatchObject({ rank: null, points: 0 });
  });

  it('answers no standing for a text that is no user id, and refuses a payload that is not the contract’s', async () => {
    expect(await ask({ user_id: 'not-a-uuid', timezone: 'UTC', window: 'today' })).toEqual({
      rank: null,
      points: 0,
      gap_to_next: null,
      window: 'today',
      daily_goal_points: DEFAULT_DAILY_GOAL_POINTS,
    });
    await expect(bus.request(BUS_QUESTIONS.standing.subject, { user_id: 'x', window: 'forever' }, 2000)).rejects.toThrow();
  });
});
