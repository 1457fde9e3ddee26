import { consumeUserEvents as consumeProjection, type Bus, type Clock, type Subscription } from '@warriors/kit';
import type { Executor } from '../store/schema';
import { forgetUserRows, projectedUsers } from '../store/users.store';

export const USERS_DURABLE = 'social_users';

/** Keeps social's user projection; a deletion forgets the user's pulse lines and nudges, sent and received. */
export function consumeUserEvents(deps: { db: Executor; bus: Bus; clock: Clock }): Promise<Subscription> {
  return consumeProjection(deps.bus, USERS_DURABLE, { db: deps.db, clock: deps.clock, users: projectedUsers, hooks: { forget: forgetUserRows } });
}
