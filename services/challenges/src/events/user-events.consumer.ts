import type { Logger, Outbox, UserEventHooks } from '@warriors/kit';
import type { ChallengesDatabase, Executor } from '../store/schema';
import type { BoardPages } from '../use-cases/board-pages';
import { forgetUser, inviteVerifiedAddress } from '../use-cases/user-events';

/** Kit's consumeUserEvents keeps challenges' user projection under this durable, with these hooks. */
export const USERS_DURABLE = 'challenges_users';

/** A deletion forgets memberships and invites; every change drops the cached board pages; a verified address claims its email invites. */
export const userEventHooks = (deps: { db: Executor; outbox: Outbox; logger: Logger; pages: BoardPages }): UserEventHooks<ChallengesDatabase> => ({
  forget: forgetUser,
  afterEach: async (event, at) => {
    // A name, a picture, the ranking flag or a deletion may change any board this user is on.
    deps.pages.clear();
    await inviteVerifiedAddress(deps, event, at);
  },
});
