import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ACTIVITY_CATALOG, type ActivityType, type EventOf, type UserProjection } from '@warriors/contracts';
import {
  createLogger,
  createMemoryBus,
  createTokenSigner,
  fixedClock,
  listen,
  type Bus,
  type Clock,
  type Database,
  type MemoryBus,
  type RunningServer,
  type TokenSigner,
} from '@warriors/kit';
import { createTestDatabase as createSharedTestDatabase } from '../../../../test/support/test-database';
import { createGamificationService } from '../../src';
import type { LeaderboardStore } from '../../src/leaderboard';
import type { GamificationDatabase } from '../../src/store/schema';

export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const SECRET = 'gamification-tests-secret-long-enough-0123456789';
const DAY_MS = 24 * 60 * 60 * 1000;

/** A database of its own for one test file, dropped at the end. */
export const createTestDatabase = () => createSharedTestDatabase('gamif');

/** Polls until `check` resolves without throwing, rethrowing its last failure after the deadline. */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}

export interface Reply {
  status: number;
  body: any;
}

export interface LogOptions {
  quantity?: number;
  localDate?: string;
  timezone?: string;
  activityId?: string;
}

export interface TestGamification {
  bus: MemoryBus;
  store: LeaderboardStore;
  db: Kysely<GamificationDatabase>;
  tokens: TokenSigner;
  clock: ReturnType<typeof fixedClock>;
  call(method: string, path: string, token?: string): Promise<Reply>;
  /** A fresh date far from every other test's, with the clock at its 15:00 UTC: boards do not mix. */
  freshDay(): string;
  register(overrides?: Partial<UserProjection>): Promise<UserProjection & { token: string }>;
  update(user: UserProjection, changes: Partial<UserProjection>): Promise<void>;
  /** Publishes activity.logged and returns the event (republish it to test redelivery). */
  log(userId: string, type: ActivityType, options?: LogOptions): Promise<EventOf<'activity.logged'>>;
  /** Publishes the same event again under a new broker msg id, as a redelivery would arrive. */
  redeliver(event: EventOf<'activity.logged'>): Promise<void>;
  /**
   * Starts another instance on the same database, store and broker: the durable consumers then run
   * side by side. Stop it before tests that expect this instance to see every user.* event.
   */
  addInstance(): Promise<{ stop(): Promise<void> }>;
  close(): Promise<void>;
}

/** Registers a warrior by publishing user.registered on `bus`, and waits until gamification has projected them. */
export async function registerWarrior(
  bus: Bus,
  db: Kysely<GamificationDatabase>,
  tokens: TokenSigner,
  overrides: Partial<UserProjection> = {},
): Promise<UserProjection & { token: string }> {
  const id = randomUUID();
  const user: UserProjection = {
    user_id: id,
    name: `Warrior ${id.slice(0, 6)}`,
    username: `w_${id.slice(0, 8)}`,
    profile_picture: null,
    company: 'Acme CRE',
    city: 'Austin',
    state: 'TX',
    timezone: 'UTC',
    profile_public: true,
    show_on_leaderboard: true,
    show_in_battle_pulse: true,
    ...overrides,
  };
  await bus.publish({ id: randomUUID(), type: 'user.registered', v: 1, occurredAt: new Date().toISOString(), data: user });
  await eventually(async () => {
    const row = await db.withSchema('gamification').selectFrom('users').select('user_id').where('user_id', '=', id).executeTakeFirst();
    if (!row) throw new Error(`user ${id} not projected yet`);
  });
  return { ...user, token: tokens.sign({ id }) };
}

/** Publishes activity.logged for `userId` at the clock's time (on its UTC date unless told) and returns the event. */
export async function logActivity(bus: Bus, clock: Clock, userId: string, type: ActivityType, options: LogOptions = {}): Promise<EventOf<'activity.logged'>> {
  const quantity = options.quantity ?? 1;
  const event: EventOf<'activity.logged'> = {
    id: randomUUID(),
    type: 'activity.logged',
    v: 1,
    occurredAt: clock.now().toISOString(),
    data: {
      activity_id: options.activityId ?? randomUUID(),
      user_id: userId,
      activity_type: type,
      quantity,
      points: ACTIVITY_CATALOG[type].points * quantity,
      occurred_at: clock.now().toISOString(),
      local_date: options.localDate ?? clock.now().toISOString().slice(0, 10),
      timezone: options.timezone ?? 'UTC',
    },
  };
  await bus.publish(event);
  return event;
}

/**
 * The service against a real database, the given store and the in-process bus. Dates sit ahead of
 * the real date so that Redis, which expires keys by its own clock, keeps them.
 */
export async function startGamification(database: Database, store: LeaderboardStore, clock: ReturnType<typeof fixedClock>): Promise<TestGamification> {
  const bus = createMemoryBus();
  const tokens = createTokenSigner(SECRET, 3600);
  const logger = createLogger('gamification-test', 'silent');
  const service = createGamificationService({ database, bus, tokens, clock, logger, leaderboard: store });
  await service.start();
  const server: RunningServer = await listen(service.app, 0);
  let days = 0;
  const firstDay = Math.floor(Date.now() / DAY_MS) * DAY_MS + 30 * DAY_MS;

  const publishUser = async (type: 'user.registered' | 'user.updated', data: UserProjection) => {
    await bus.publish({ id: randomUUID(), type, v: 1, occurredAt: new Date().toISOString(), data });
  };

  return {
    bus,
    store,
    db: database.db as Kysely<GamificationDatabase>,
    tokens,
    clock,
    async call(method, path, token) {
      const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
      const response = await fetch(`${server.url}${path}`, { method, headers });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    },
    freshDay() {
      const date = new Date(firstDay + 12 * DAY_MS * days++).toISOString().slice(0, 10);
      clock.set(`${date}T15:00:00Z`);
      return date;
    },
    register: (overrides = {}) => registerWarrior(bus, database.db as Kysely<GamificationDatabase>, tokens, overrides),
    async update(user, changes) {
      await publishUser('user.updated', { ...user, ...changes });
    },
    log: (userId, type, options = {}) => logActivity(bus, clock, userId, type, options),
    async redeliver(event) {
      await bus.publish(event, { msgId: randomUUID() });
    },
    async addInstance() {
      const otherBus = createMemoryBus({ broker: bus.broker });
      const other = createGamificationService({ database, bus: otherBus, tokens, clock, logger, leaderboard: store });
      await other.start();
      return {
        async stop() {
          await other.stop();
          await otherBus.close();
        },
      };
    },
    async close() {
      await server.close();
      await service.stop();
      await bus.close();
    },
  };
}
