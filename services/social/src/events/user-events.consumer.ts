import type { Bus, UserEventHooks } from '@warriors/kit';
import type { SocialDatabase } from '../store/schema';
import { announceDeletion, forgetUser } from '../use-cases/user-events';

/** Kit's consumeUserEvents keeps social's user projection under this durable, with these hooks. */
export const USERS_DURABLE = 'social_users';

/** A deletion forgets the user's pulse lines and nudges, and closes their live sockets on every instance. */
export const userEventHooks = (bus: Bus): UserEventHooks<SocialDatabase> => ({
  forget: forgetUser,
  // Redeliveries too: the instance that first applied it may have stopped before announcing.
  afterEach: (event) => (event.type === 'user.deleted' ? announceDeletion(bus, event.data.user_id) : undefined),
});
