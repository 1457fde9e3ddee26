import { randomBytes, randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DomainEvent, UserProjection } from '@warriors/contracts';
import {
  createLogger,
  createMemoryBus,
  createTokenSigner,
  fixedClock,
  listen,
  type Database,
  type MemoryBus,
  type RunningServer,
  type TokenSigner,
} from '@warriors/kit';
import { createTestDatabase as createSharedTestDatabase } from '../../../../test/support/test-database';
import { eventually as waitFor } from '../../../../test/support/eventually';
import { createActivityService, type ActivityServiceOptions } from '../../src';
import type { ActivityDatabase } from '../../src/store/schema';
import { findUser } from '../../src/store/users.store';

export const SECRET = 'activity-tests-secret-that-is-long-enough-0123';
/** A Wednesday: 07:00 in New York, 21:00 in Tokyo. */
export const NOW = '2025-03-12T12:00:00.000Z';

/** A database of its own for one test file, dropped at the end. */
export const createTestDatabase = () => createSharedTestDatabase('activity');


export { waitFor };

export interface Reply {
  status: number;
  body: any;
}

export interface CallOptions {
  body?: unknown;
  raw?: string;
  token?: string;
  headers?: Record<string, string>;
}

export function projection(overrides: Partial<UserProjection> = {}): UserProjection {
  const tag = randomBytes(4).toString('hex');
  return {
    user_id: randomUUID(),
    name: `Warrior ${tag}`,
    username: `warrior_${tag}`,
    profile_picture: null,
    company: 'Acme Realty',
    city: 'Denver',
    state: 'CO',
    timezone: 'UTC',
    profile_public: true,
    show_on_leaderboard: true,
    show_in_battle_pulse: true,
    ...overrides,
  };
}

export function userEvent(
  type: 'user.registered' | 'user.updated' | 'user.deleted',
  user: UserProjection,
  envelope: { id?: string; occurredAt?: string } = {},
): DomainEvent {
  const base = { id: envelope.id ?? randomUUID(), v: 1 as const, occurredAt: envelope.occurredAt ?? NOW };
  return type === 'user.deleted' ? { ...base, type, data: { user_id: user.user_id } } : { ...base, type, data: user };
}

export interface TestActivity {
  url: string;
  bus: MemoryBus;
  clock: ReturnType<typeof fixedClock>;
  tokens: TokenSigner;
  database: Database;
  call(method: string, path: string, options?: CallOptions): Promise<Reply>;
  /** Plays auth: publishes user.registered and waits until the projection holds the user. */
  registerUser(overrides?: Partial<UserProjection>): Promise<{ user: UserProjection; token: string }>;
  /** The projection row of a user, straight from the service's table. */
  storedUser(userId: string): Promise<UserProjection | undefined>;
  activityCount(userId: string): Promise<number>;
  close(): Promise<void>;
}

export async function startActivity(database: Database, options: ActivityServiceOptions = {}): Promise<TestActivity> {
  const bus = createMemoryBus();
  const clock = fixedClock(NOW);
  const tokens = createTokenSigner(SECRET, 3600);
  const service = createActivityService({ database, bus, tokens, clock, logger: createLogger('activity-test', 'silent'), ...options });
  await service.start();
  const server: RunningServer = await listen(service.app, 0);

  const call: TestActivity['call'] = async (method, path, options = {}) => {
    const headers: Record<string, string> = { 'content-type': 'application/json', ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const payload = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    const response = await fetch(`${server.url}${path}`, { method, headers, body: payload });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };

  const storedUser: TestActivity['storedUser'] = (userId) => findUser(database.db as Kysely<ActivityDatabase>, userId);

  return {
    url: server.url,
    bus,
    clock,
    tokens,
    database,
    call,
    storedUser,
    async registerUser(overrides = {}) {
      const user = projection(overrides);
      await bus.publish(userEvent('user.registered', user));
      await waitFor(`projection of ${user.user_id}`, () => storedUser(user.user_id));
      return { user, token: tokens.sign({ id: user.user_id }) };
    },
    async activityCount(userId) {
      const row = await sql<{ n: number }>`select count(*)::int as n from activity.activities where user_id = ${userId}`.execute(database.db);
      return row.rows[0]!.n;
    },
    async close() {
      await server.close();
      await service.stop();
      await bus.close();
    },
  };
}
