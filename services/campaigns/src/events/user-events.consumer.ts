import { consumeUserEvents as consumeProjection, type Bus, type Clock, type Subscription } from '@warriors/kit';
import type { Executor } from '../store/schema';
import type { projectedUsers } from '../store/users.store';
import { forgetUser } from '../use-cases/forget-user';

export const USERS_DURABLE = 'campaigns_users';

/** Keeps campaigns' user projection (`users`, handed in by the wiring); a deletion also forgets the user's goals and campaigns. */
export function consumeUserEvents(db: Executor, bus: Bus, clock: Clock, users: typeof projectedUsers): Promise<Subscription> {
  return consumeProjection(bus, USERS_DURABLE, { db, clock, users, hooks: { forget: forgetUser } });
}
