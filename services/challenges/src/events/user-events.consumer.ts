import { consumeUserEvents as consumeProjection, type Bus, type Clock, type Logger, type Outbox, type Subscription } from '@warriors/kit';
import type { Executor } from '../store/schema';
import type { BoardPages } from '../use-cases/board-pages';
import type { projectedUsers } from '../store/users.store';
import { forgetUser, inviteNewAccount } from '../use-cases/user-events';

export const USERS_DURABLE = 'challenges_users';

/** Keeps challenges' user projection (dropping the cached board pages); a deletion forgets memberships and invites; a sign-up claims its email invites. */
export function consumeUserEvents(deps: {
  db: Executor;
  bus: Bus;
  clock: Clock;
  outbox: Outbox;
  logger: Logger;
  pages: BoardPages;
  users: typeof projectedUsers;
}): Promise<Subscription> {
  const { db, bus, clock, users } = deps;
  return consumeProjection(bus, USERS_DURABLE, {
    db,
    clock,
    users,
    hooks: {
      forget: forgetUser,
      afterEach: async (event, at) => {
        // A name, a picture, the ranking flag or a deletion may change any board this user is on.
        deps.pages.clear();
        await inviteNewAccount(deps, event, at);
      },
    },
  });
}
