import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { activityDeletedEventId, pointsFor, type ActivityType, type EventOf, type UserProjection } from '@warriors/contracts';
import type { Bus, Database } from '@warriors/kit';
import { eventually } from './polling';

// What services' tests publish while they play another service (auth's users, activity's logs).

/** A user as auth publishes them: unique, public, on every board, in UTC, but for what the test sets. */
export function testUser(overrides: Partial<UserProjection> = {}): UserProjection {
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
    streak_mode: 'daily',
    ...overrides,
  };
}

/**
 * How long a registration may take to reach a projection: the user.* consumers take one event at a
 * time, so a test registering a crowd at once waits for the whole queue; on a slow, busy machine that
 * took more than 5 s. A deadline, not a measure: the wait ends as soon as the row is there.
 */
const PROJECTION_WAIT_MS = 30_000;

/** Plays auth: publishes user.registered and waits until the service's projection (`<schema>.users`) holds the user. */
export async function registerTestUser(bus: Bus, database: Database, schema: string, user: UserProjection, occurredAt: string): Promise<void> {
  await bus.publish({ id: randomUUID(), type: 'user.registered', v: 1, occurredAt, data: user });
  await eventually(
    `projection of ${user.user_id} in ${schema}`,
    async () => {
      const found = await sql`select 1 from ${sql.table(`${schema}.users`)} where user_id = ${user.user_id}`.execute(database.db);
      return found.rows.length > 0 ? true : undefined;
    },
    PROJECTION_WAIT_MS,
  );
}

export interface ActivityOptions {
  quantity?: number;
  /** The user's local date; the UTC date of `at` unless told. */
  localDate?: string;
  timezone?: string;
  activityId?: string;
}

/** activity.logged as activity publishes it, logged at `at` (ISO) with the catalogue's points. */
export function activityLogged(userId: string, type: ActivityType, at: string, options: ActivityOptions = {}): EventOf<'activity.logged'> {
  const quantity = options.quantity ?? 1;
  return {
    id: randomUUID(),
    type: 'activity.logged',
    v: 1,
    occurredAt: at,
    data: {
      activity_id: options.activityId ?? randomUUID(),
      user_id: userId,
      activity_type: type,
      quantity,
      points: pointsFor(type, quantity),
      occurred_at: at,
      local_date: options.localDate ?? at.slice(0, 10),
      timezone: options.timezone ?? 'UTC',
    },
  };
}

/** activity.deleted as activity publishes it for a logged entry, deleted at `at` (ISO). */
export function activityDeleted(logged: EventOf<'activity.logged'>, at: string): EventOf<'activity.deleted'> {
  const { occurred_at: _loggedAt, ...figures } = logged.data;
  return { id: activityDeletedEventId(figures.activity_id), type: 'activity.deleted', v: 1, occurredAt: at, data: { ...figures, deleted_at: at } };
}
