import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { campaignCompletedEventId, campaignReopenedEventId, type ActivityType, type DomainEvent, type EventOf, type UserProjection } from '@warriors/contracts';
import {
  createMemoryBus,
  createMetrics,
  createRedis,
  createRedisLeaderboardStore,
  fixedClock,
  inProcessLeaderboard,
  listen,
  type Bus,
  type Clock,
  type Database,
  type Redis,
  type ServicePorts,
} from '@warriors/kit';
import {
  activityLogged,
  faultFigures,
  registerTestUser,
  startServiceOnNats,
  startServiceUnderTest,
  testUser,
  type ActivityOptions,
  type PinnedClock,
  type Reply,
  type ServiceUnderTest,
} from '@warriors/test-support';
import { createGamificationService, type GamificationPorts } from '../../src';
import type { LeaderboardStore } from '@warriors/kit';
import type { GamificationDatabase } from '../../src/store/schema';

export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Asserts that a board (user id → points) shows each user of `owed` exactly what they are owed, as
 * faultFigures counts it: seen = expected, nothing lost, nothing doubled.
 */
export function expectPointsOwed(what: string, owed: Record<string, number>, board: Record<string, number>): void {
  const expected = new Map(Object.entries(owed));
  const seen = new Map(Object.keys(owed).map((user) => [user, board[user] ?? 0]));
  const total = Object.values(owed).reduce((sum, points) => sum + points, 0);
  expect(faultFigures(what, expected, seen)).toEqual({ fault: what, expected: total, seen: total, lost: 0, double: 0 });
}

export interface TestGamification extends Omit<ServiceUnderTest, 'call'> {
  store: LeaderboardStore;
  db: Kysely<GamificationDatabase>;
  call(method: string, path: string, token?: string): Promise<Reply>;
  /** A fresh date far from every other test's, with the clock at its 15:00 UTC: boards do not mix. */
  freshDay(): string;
  register(overrides?: Partial<UserProjection>): Promise<UserProjection & { token: string }>;
  update(user: UserProjection, changes: Partial<UserProjection>): Promise<void>;
  /** Publishes activity.logged and returns the event (republish it to test redelivery). */
  log(userId: string, type: ActivityType, options?: ActivityOptions): Promise<EventOf<'activity.logged'>>;
  /** Publishes the same event again under a new broker msg id, as a redelivery would arrive. */
  redeliver(event: EventOf<'activity.logged'>): Promise<void>;
  /**
   * Starts another instance on the same database, store and broker: the durable consumers then run
   * side by side. Stop it before tests that expect this instance to see every user.* event.
   */
  addInstance(): Promise<{ call(method: string, path: string, token?: string): Promise<Reply>; stop(): Promise<void> }>;
}

/** Registers a warrior by publishing user.registered on the service's bus, and waits until gamification has projected them. */
export async function registerWarrior(gamification: ServiceUnderTest<Bus>, overrides: Partial<UserProjection> = {}): Promise<UserProjection & { token: string }> {
  const user = testUser(overrides);
  await registerTestUser(gamification.bus, gamification.database, 'gamification', user, new Date().toISOString());
  return { ...user, token: gamification.tokens.sign({ id: user.user_id }) };
}

/** Publishes activity.logged for `userId` at the clock's time (on its UTC date unless told) and returns the event. */
export async function logActivity(bus: Bus, clock: Clock, userId: string, type: ActivityType, options: ActivityOptions = {}): Promise<EventOf<'activity.logged'>> {
  const event = activityLogged(userId, type, clock.now().toISOString(), options);
  await bus.publish(event);
  return event;
}

let userCampaignIds = 1000;

/**
 * The goal of `completion` re-opened by an undo of `activityId` (campaign.reopened), and its next
 * completion (campaign.completed under the goal's next completion number), at the clock's time.
 */
export function campaignReopened(clock: Clock, completion: EventOf<'campaign.completed'>, activityId: string, number = 1): EventOf<'campaign.reopened'> {
  const { data } = completion;
  const now = clock.now().toISOString();
  return {
    id: campaignReopenedEventId(data.user_campaign_id, number),
    type: 'campaign.reopened',
    v: 1,
    occurredAt: now,
    data: {
      user_id: data.user_id,
      campaign_id: data.campaign_id,
      user_campaign_id: data.user_campaign_id,
      campaign_name: data.campaign_name,
      completed_event_id: completion.id,
      bonus_points: data.bonus_points,
      activity_id: activityId,
      reopened_at: now,
    },
  };
}

export function completedAgain(clock: Clock, completion: EventOf<'campaign.completed'>, number: number, activityId: string): EventOf<'campaign.completed'> {
  const now = clock.now().toISOString();
  return {
    ...completion,
    id: campaignCompletedEventId(completion.data.user_campaign_id, number),
    occurredAt: now,
    data: { ...completion.data, activity_id: activityId, completed_at: now, local_date: now.slice(0, 10) },
  };
}

/**
 * campaign.completed of a goal of its own for `userId`, completed at the clock's time on its UTC date;
 * `activityId` is the activity whose credit completed it (null: an edit lowered the target).
 */
export function campaignCompleted(clock: Clock, userId: string, bonusPoints: number, activityId: string | null = null): EventOf<'campaign.completed'> {
  const userCampaignId = userCampaignIds++;
  const now = clock.now().toISOString();
  return {
    id: campaignCompletedEventId(userCampaignId),
    type: 'campaign.completed',
    v: 1,
    occurredAt: now,
    data: {
      user_id: userId,
      campaign_id: 7,
      user_campaign_id: userCampaignId,
      campaign_name: '100 calls this week',
      bonus_points: bonusPoints,
      badge_earned: null,
      activity_id: activityId,
      completed_at: now,
      local_date: now.slice(0, 10),
      timezone: 'UTC',
    },
  };
}

/**
 * The service against the given store, the in-process bus and `database` (the caller's to close) or a
 * PostgreSQL database of its own. Dates sit ahead of the real date so that Redis, which expires keys
 * by its own clock, keeps them.
 */
export async function startGamification(
  store: LeaderboardStore,
  clock: PinnedClock,
  database?: Database,
  options: Pick<GamificationPorts, 'onLeaderboardRebuilt'> = {},
): Promise<TestGamification> {
  const create = (ports: ServicePorts) => createGamificationService({ ...ports, ...options, leaderboard: store });
  const gamification = await startServiceUnderTest({ name: 'gamification', clock, database, create });
  const { bus } = gamification;
  let days = 0;
  const firstDay = Math.floor(Date.now() / DAY_MS) * DAY_MS + 30 * DAY_MS;

  return {
    ...gamification,
    store,
    db: gamification.database.db as Kysely<GamificationDatabase>,
    call: (method, path, token) => gamification.call(method, path, { token }),
    freshDay() {
      const date = new Date(firstDay + 12 * DAY_MS * days++).toISOString().slice(0, 10);
      clock.set(`${date}T15:00:00Z`);
      return date;
    },
    register: (overrides = {}) => registerWarrior(gamification, overrides),
    async update(user, changes) {
      await bus.publish({ id: randomUUID(), type: 'user.updated', v: 1, occurredAt: new Date().toISOString(), data: { ...user, ...changes } });
    },
    log: (userId, type, options = {}) => logActivity(bus, clock, userId, type, options),
    async redeliver(event) {
      await bus.publish(event, { msgId: randomUUID() });
    },
    async addInstance() {
      const otherBus = createMemoryBus({ broker: bus.broker });
      // Another process: its own metrics registry.
      const other = create({
        database: gamification.database,
        bus: otherBus,
        tokens: gamification.tokens,
        clock,
        logger: gamification.logger,
        metrics: createMetrics().forService('gamification'),
      });
      await other.start();
      const server = await listen(other.app, 0);
      return {
        call: async (method, path, token) => {
          const res = await fetch(`${server.url}${path}`, { method, headers: token ? { authorization: `Bearer ${token}` } : {} });
          return { status: res.status, body: await res.json() };
        },
        async stop() {
          await server.close();
          await other.stop();
          await otherBus.close();
        },
      };
    },
  };
}

/**
 * The service for the tests of the describe block (or file) this is called in, on the in-process
 * store with the clock pinned at `at`: started before them, closed after; `get()` inside the tests.
 */
export function gamificationForSuite(at: string): { get(): TestGamification } {
  const clock = fixedClock(at);
  let started: TestGamification | undefined;
  beforeAll(async () => {
    started = await startGamification(inProcessLeaderboard(clock), clock);
  });
  afterAll(() => started?.close());
  return {
    get() {
      if (!started) throw new Error('the service starts in beforeAll');
      return started;
    },
  };
}

/** A local date `days` after a start 50 days ahead of the real date: Redis expires day keys by its own clock, so dates sit ahead. */
export const dayAhead = (days: number) => new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS + (50 + days) * DAY_MS).toISOString().slice(0, 10);

export interface NatsSuite {
  gamification: ServiceUnderTest<Bus>;
  bus: Bus;
  store: LeaderboardStore;
}

/**
 * The service for the tests of the file this is called in, on PostgreSQL, NATS JetStream (a stream of
 * the file's own) and Redis (namespace `<name>-<random>`), the clock `clock`; every event of
 * `subjects` it publishes is pushed onto `heard`. Started before the tests, closed after; `get()` inside them.
 */
export function natsSuiteFor(name: string, clock: PinnedClock, subjects: readonly string[], heard: DomainEvent[]): { get(): NatsSuite } {
  let suite: NatsSuite | undefined;
  let redis: Redis | undefined;
  beforeAll(async () => {
    redis = createRedis(REDIS_URL);
    const store = createRedisLeaderboardStore(redis, { namespace: `${name}-${randomBytes(6).toString('hex')}` });
    const gamification = await startServiceOnNats({ name: 'gamification', clock, create: (ports) => createGamificationService({ ...ports, leaderboard: store }) });
    await gamification.bus.consume({ durable: `${name.replace(/-/g, '_')}_listener`, subjects }, async (event) => {
      heard.push(event);
    });
    suite = { gamification, bus: gamification.bus, store };
  });
  afterAll(async () => {
    await suite?.gamification.close();
    await suite?.store.clear();
    await redis?.quit();
  });
  return {
    get() {
      if (!suite) throw new Error('the service starts in beforeAll');
      return suite;
    },
  };
}
