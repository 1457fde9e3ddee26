import type { UserEventHooks } from '@warriors/kit';
import type { CampaignsDatabase } from '../store/schema';
import { forgetUser } from '../use-cases/forget-user';

/** Kit's consumeUserEvents keeps campaigns' user projection under this durable, with these hooks. */
export const USERS_DURABLE = 'campaigns_users';

/** A deletion also forgets the user's goals and campaigns. */
export const userEventHooks: UserEventHooks<CampaignsDatabase> = { forget: forgetUser };
