import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { carryOnZoneChange, type DomainEvent, type UserProjection } from '@warriors/contracts';
import type { Database } from '@warriors/kit';
import { eventually, registerTestUser, startServiceUnderTest, testUser, type ServiceUnderTest } from '@warriors/test-support';
import { createActivityService, type ActivityServiceOptions } from '../../src';
import type { ActivityDatabase, ActivityUser } from '../../src/store/schema';
import { findUser } from '../../src/store/users.store';

/** A Wednesday: 07:00 in New York, 21:00 in Tokyo. */
export const NOW = '2025-03-12T12:00:00.000Z';

export function userEvent(type: 'user.registered' | 'user.updated' | 'user.deleted', user: UserProjection, envelope: { id?: string; occurredAt?: string } = {}): DomainEvent {
  const base = { id: envelope.id ?? randomUUID(), v: 1 as const, occurredAt: envelope.occurredAt ?? NOW };
  return type === 'user.deleted' ? { ...base, type, data: { user_id: user.user_id } } : { ...base, type, data: user };
}

export interface TestActivity extends ServiceUnderTest {
  /** Plays auth: publishes user.registered and waits until the projection holds the user. */
  registerUser(overrides?: Partial<UserProjection>): Promise<{ user: UserProjection; token: string }>;
  /** The projection row of a user, straight from the service's table. */
  storedUser(userId: string): Promise<ActivityUser | undefined>;
  activityCount(userId: string): Promise<number>;
  /** Plays auth: the user moves from `from` to `timezone` at `at` (user.updated with the day carry auth works out); waits for the projection. */
  moveTo(user: UserProjection, from: string, timezone: string, at: string): Promise<ReturnType<typeof carryOnZoneChange>>;
}

/** Activity with its clock pinned at NOW, on `database` (the caller's to close) or on a PostgreSQL database of its own. */
export async function startActivity(options: ActivityServiceOptions = {}, database?: Database): Promise<TestActivity> {
  const activity = await startServiceUnderTest({ name: 'activity', clock: NOW, database, create: (ports) => createActivityService({ ...ports, ...options }) });
  const db = activity.database.db;

  return {
    ...activity,
    storedUser: (userId) => findUser(db as Kysely<ActivityDatabase>, userId),
    async registerUser(overrides = {}) {
      const user = testUser(overrides);
      await registerTestUser(activity.bus, activity.database, 'activity', user, NOW);
      return { user, token: activity.tokens.sign({ id: user.user_id }) };
    },
    async moveTo(user, from, timezone, at) {
      const carry = carryOnZoneChange(new Date(at), { timezone: from }, timezone);
      await activity.bus.publish(userEvent('user.updated', { ...user, timezone, ...carry }, { occurredAt: at }));
      await eventually('the move in the projection', async () => ((await findUser(db as Kysely<ActivityDatabase>, user.user_id))?.timezone === timezone ? true : undefined));
      return carry;
    },
    async activityCount(userId) {
      const row = await sql<{ n: number }>`select count(*)::int as n from activity.activities where user_id = ${userId}`.execute(db);
      return row.rows[0]!.n;
    },
  };
}
