import { consumeUserEvents as consumeProjection, type Bus, type Clock, type Subscription } from '@warriors/kit';
import type { Executor } from '../store/schema';
import type { projectedUsers } from '../store/users.store';
import type { ActivityUserDirectory } from '../use-cases/user-directory';

export const USERS_DURABLE = 'activity_users';

/**
 * Keeps activity's user projection (`users`, the store's projection, handed in by the wiring). After
 * each event, the commit done, this instance drops its cached copy of the user.
 */
export function consumeUserEvents(db: Executor, bus: Bus, clock: Clock, users: typeof projectedUsers, directory: ActivityUserDirectory): Promise<Subscription> {
  return consumeProjection(bus, USERS_DURABLE, { db, clock, users, hooks: { afterEach: (event) => directory.forget(event.data.user_id) } });
}
