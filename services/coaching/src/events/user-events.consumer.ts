import type { Kysely } from 'kysely';
import { consumeUserEvents as consumeProjection, type Bus, type Clock, type Subscription } from '@warriors/kit';
import type { CoachingDatabase } from '../store/schema';
import type { projectedUsers } from '../store/users.store';
import { forgetUser } from '../use-cases/forget-user';

export const USERS_DURABLE = 'coaching_users';

/** Coaching follows user events only to forget a deleted account (kit's tombstone, then its answers). */
export function consumeUserEvents(deps: { db: Kysely<CoachingDatabase>; bus: Bus; clock: Clock; users: typeof projectedUsers }): Promise<Subscription> {
  return consumeProjection(deps.bus, USERS_DURABLE, { db: deps.db, clock: deps.clock, users: deps.users, hooks: { forget: forgetUser } });
}
