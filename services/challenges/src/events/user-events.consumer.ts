import { consumeUserEvents as consumeProjection, type Bus, type Clock, type Logger, type Outbox, type Subscription } from '@warriors/kit';
import type { Executor } from '../store/schema';
import type { projectedUsers } from '../store/users.store';
import { forgetUser, inviteNewAccount } from '../use-cases/user-events';

export const USERS_DURABLE = 'challenges_users';

/** Keeps challenges' user projection; a deletion forgets memberships and invites; a sign-up claims its email invites. */
export function consumeUserEvents(deps: { db: Executor; bus: Bus; clock: Clock; outbox: Outbox; logger: Logger; users: typeof projectedUsers }): Promise<Subscription> {
  const { db, bus, clock, users } = deps;
  return consumeProjection(bus, USERS_DURABLE, {
    db,
    clock,
    users,
    hooks: { forget: forgetUser, afterEach: (event, at) => inviteNewAccount(deps, event, at) },
  });
}
