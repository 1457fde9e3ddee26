import type { UserEventHooks } from '@warriors/kit';
import type { ActivityDatabase } from '../store/schema';
import type { ActivityUserDirectory } from '../use-cases/user-directory';

/** Kit's consumeUserEvents keeps activity's user projection under this durable, with these hooks. */
export const USERS_DURABLE = 'activity_users';

/** After each event, the commit done, this instance drops its cached copy of the user. */
export const userEventHooks = (directory: ActivityUserDirectory): UserEventHooks<ActivityDatabase> => ({ afterEach: (event) => directory.forget(event.data.user_id) });
