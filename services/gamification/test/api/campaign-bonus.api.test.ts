import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { campaignCompletedEventId, type ActivityType, type EventOf, type UserProjection } from '@warriors/contracts';
import {
  createLogger,
  createNatsBus,
  createRedis,
  createTokenSigner,
  fixedClock,
  listen,
  type Bus,
  type Database,
  type Redis,
  type RunningServer,
  type Service,
} from '@warriors/kit';
import { createGamificationService, createRedisLeaderboardStore, rebuildLeaderboards, type LeaderboardStore } from '../../src';
import type { GamificationDatabase } from '../../src/store/schema';
import { createTestDatabase, eventually, logActivity, REDIS_URL, registerWarrior } from '../support/harness';

/**
 * campaign.completed end to end on the real infrastructure: PostgreSQL, NATS JetStream (a stream of
 * this file's own) and Redis (a namespace of its own).
 */
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const tag = randomBytes(6).toString('hex');
const nats = { streamName: `TEST_GAMIF_${tag}`, subjectPrefix: `test-gamif-${tag}` };
const DAY_MS = 86_400_000;
// Ahead of the real date: Redis expires day keys by its own clock.
const DAY = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS + 40 * DAY_MS).toISOString().slice(0, 10);

let database: Database;
let drop: () => Promise<void>;
let bus: Bus;
let redis: Redis;
let store: LeaderboardStore;
let service: Service;
let server: RunningServer;
const clock = fixedClock(`${DAY}T15:00:00Z`);
const tokens = createTokenSigner('gamification-tests-secret-long-enough-0123456789', 3600);
const db = () => database.db as Kysely<GamificationDatabase>;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  bus = await createNatsBus({ servers: NATS_URL, ...nats, logger: { warn: () => {}, error: () => {} } });
  redis = createRedis(REDIS_URL);
  store = createRedisLeaderboardStore(redis, { namespace: `gamif-test-${tag}` });
  service = createGamificationService({ database, bus, tokens, clock, logger: createLogger('gamification-test', 'silent'), leaderboard: store });
  await service.start();
  server = await listen(service.app, 0);
});

afterAll(async () => {
  await server.close();
  await service.stop();
  await bus.close();
  await store.clear();
  await redis.quit();
  const admin = await connect({ servers: NATS_URL });
  await (await jetstreamManager(admin)).streams.delete(nats.streamName).catch(() => false);
  await admin.close();
  await drop();
});

async function call(path: string, token?: string): Promise<any> {
  const response = await fetch(`${server.url}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  expect(response.status).toBe(200);
  return response.json();
}

const register = (overrides: Partial<UserProjection> = {}) => registerWarrior(bus, db(), tokens, overrides);
const log = (userId: string, type: ActivityType, quantity = 1) => logActivity(bus, clock, userId, type, { quantity });

let userCampaignIds = 0;
function completed(userId: string, bonusPoints: number): EventOf<'campaign.completed'> {
  const userCampaignId = 1000 + userCampaignIds++;
  return {
    id: campaignCompletedEventId(userCampaignId),
    type: 'campaign.completed',
    v: 1,
    occurredAt: clock.now().toISOString(),
    data: {
      user_id: userId,
      campaign_id: 7,
      user_campaign_id: userCampaignId,
      campaign_name: '100 calls this week',
      bonus_points: bonusPoints,
      badge_earned: null,
      activity_id: null,
      completed_at: clock.now().toISOString(),
      local_date: DAY,
      timezone: 'UTC',
    },
  };
}

const pointsOf = (rows: Array<{ id: string; points: number }>) => Object.fromEntries(rows.map((r) => [r.id, r.points]));
const board = (path: string, check: (points: Record<string, number>) => void, token?: string) =>
  eventually(async () => check(pointsOf(await call(path, token))));
const bonusRows = (userId: string) =>
  db().withSchema('gamification').selectFrom('ledger').selectAll().where('user_id', '=', userId).where('source', '=', 'campaign').execute();

it('credits a campaign bonus delivered three times once, on Today, 7 Days and All Time, and a rebuild keeps it', async () => {
  const [finisher, rival] = [await register(), await register()];
  await log(finisher.user_id, 'meeting'); // 10
  await log(rival.user_id, 'meeting', 3); // 30
  await board('/api/leaderboard/today', (p) => expect(p).toEqual({ [finisher.user_id]: 10, [rival.user_id]: 30 }));

  const event = completed(finisher.user_id, 25);
  // New broker msg ids: three real deliveries, as a re-publish or a redelivery would arrive.
  for (let i = 0; i < 3; i++) await bus.publish(event, { msgId: randomUUID() });
  await eventually(async () => {
    const inbox = await db().withSchema('gamification').selectFrom('inbox').select('event_id').where('event_id', '=', event.id).execute();
    expect(inbox).toHaveLength(1);
  });
  // A later bonus of the rival on the same one-at-a-time consumer: once it shows, all three copies were handled.
  await bus.publish(completed(rival.user_id, 1));
  const expected = { [finisher.user_id]: 35, [rival.user_id]: 31 };
  for (const window of ['today', '7d', 'alltime']) await board(`/api/leaderboard/${window}`, (p) => expect(p).toEqual(expected));
  expect(await bonusRows(finisher.user_id)).toEqual([
    expect.objectContaining({ source_id: event.id, points: 25, local_date: DAY, activity_type: null, quantity: null }),
  ]);
  expect(await call('/api/leaderboard/me?window=alltime', finisher.token)).toMatchObject({ rank: 1, points: 35 });

  await store.clear();
  await rebuildLeaderboards(db(), store, clock.now());
  for (const window of ['today', '7d', 'alltime']) await board(`/api/leaderboard/${window}`, (p) => expect(p).toEqual(expected));
  // The rebuild restored the bonus's apply marker too: one more copy still adds nothing.
  await bus.publish(event, { msgId: randomUUID() });
  await bus.publish(completed(rival.user_id, 1));
  await board('/api/leaderboard/alltime', (p) => expect(p).toEqual({ [finisher.user_id]: 35, [rival.user_id]: 32 }));
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
  expect(await bus.request('gamification.user.stats', { user_id: shy.user_id }, 2000)).toEqual({ streak_days: 0, badges: [] });

  // With the bonus on the day, 40 logged points are still short of the 50-point daily goal.
  await log(shy.user_id, 'meeting', 4);
  await eventually(async () => expect(await call('/api/leaderboard/me?window=today', shy.token)).toMatchObject({ points: 140 }));
  expect(await call('/api/badges', shy.token)).toEqual([expect.objectContaining({ badge_type: 'first_meeting' })]);
});
