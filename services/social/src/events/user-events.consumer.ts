import type { Bus, UserEventHooks } from '@warriors/kit';
import type { SocialDatabase } from '../store/schema';
import { announceDeletion, announceRevokedSessions, forgetUser } from '../use-cases/user-events';

/** Kit's consumeUserEvents keeps social's user projection under this durable, with these hooks. */
export const USERS_DURABLE = 'social_users';

/**
 * A deletion forgets the user's pulse lines and nudges, and closes their live sockets on every instance;
 * a sign-out everywhere closes the sockets opened before it.
 */
export const userEventHooks = (bus: Bus): UserEventHooks<SocialDatabase> => ({
  forget: forgetUser,
  // Redeliveries too: the instance that first applied it may have stopped before announcing.
  afterEach: (event) => {
    if (event.type === 'user.deleted') return announceDeletion(bus, event.data.user_id);
    if (event.type === 'user.sessions_revoked') return announceRevokedSessions(bus, event.data.user_id, event.data.credential_version);
    return undefined;
  },
});
