import type { UserEventHooks } from '@warriors/kit';
import type { MailDatabase } from '../store/schema';
import { forgetUser } from '../use-cases/user-events';

/** Kit's consumeUserEvents keeps mail's user projection (name, timezone) under this durable, with these hooks. */
export const USERS_DURABLE = 'mail_users';

/** `verified` keeps the address a verification names (after its event applied, redeliveries included). */
export const userEventHooks = (verified: UserEventHooks<MailDatabase>['afterEach']): UserEventHooks<MailDatabase> => ({
  forget: forgetUser,
  afterEach: verified,
});
