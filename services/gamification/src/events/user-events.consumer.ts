import { consumeUserEvents as consumeProjection, type Bus, type Subscription } from '@warriors/kit';
import type { Executor } from '../store/schema';
import type { projectedUsers } from '../store/users.store';
import { userProjectionHooks, type UserProjectionDeps } from '../use-cases/user-projection';

export const USERS_DURABLE = 'gamification_users';

export interface UserConsumerDeps extends UserProjectionDeps {
  db: Executor;
  bus: Bus;
  /** The store's projection, handed in by the wiring. */
  users: typeof projectedUsers;
}

/** Keeps gamification's user projection (userProjectionHooks: what a deletion adds). */
export function consumeUserEvents(deps: UserConsumerDeps): Promise<Subscription> {
  return consumeProjection(deps.bus, USERS_DURABLE, { db: deps.db, clock: deps.clock, users: deps.users, hooks: userProjectionHooks(deps) });
}
