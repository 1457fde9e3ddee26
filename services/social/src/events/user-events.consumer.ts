import { consumeUserEvents as consumeProjection, type Bus, type Clock, type Subscription } from '@warriors/kit';
import type { Executor } from '../store/schema';
import type { projectedUsers } from '../store/users.store';
import { announceDeletion, forgetUser } from '../use-cases/user-events';

export const USERS_DURABLE = 'social_users';

/** Keeps social's user projection; a deletion forgets the user's pulse lines and nudges, and closes their live sockets on every instance. */
export function consumeUserEvents(deps: { db: Executor; bus: Bus; clock: Clock; users: typeof projectedUsers }): Promise<Subscription> {
  return consumeProjection(deps.bus, USERS_DURABLE, {
    db: deps.db,
    clock: deps.clock,
    users: deps.users,
    hooks: {
      forget: forgetUser,
      // Redeliveries too: the instance that first applied it may have stopped before announcing.
      afterEach: (event) => (event.type === 'user.deleted' ? announceDeletion(deps.bus, event.data.user_id) : undefined),
    },
  });
}
