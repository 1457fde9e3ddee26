import type { UserEventHooks } from '@warriors/kit';
import type { CoachingDatabase } from '../store/schema';
import { forgetUser } from '../use-cases/forget-user';

/** Kit's consumeUserEvents keeps coaching's consumer tables (no user fields) under this durable, with these hooks. */
export const USERS_DURABLE = 'coaching_users';

/** Coaching follows user events only to forget a deleted account (kit's tombstone, then its answers). */
export const userEventHooks: UserEventHooks<CoachingDatabase> = { forget: forgetUser };
