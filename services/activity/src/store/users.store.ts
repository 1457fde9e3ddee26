import { projectUsers } from '@warriors/kit';
import { SCHEMA, type ActivityUser, type Executor } from './schema';

/** The fields of auth's user events activity keeps: a log's date needs the zone and the day carry. */
const USER_COLUMNS = [
  'name',
  'username',
  'profile_picture',
  'company',
  'city',
  'state',
  'timezone',
  'day_carry_date',
  'day_carry_until',
  'profile_public',
  'show_on_leaderboard',
  'show_in_battle_pulse',
] as const;

export async function findUser(db: Executor, userId: string): Promise<ActivityUser | undefined> {
  return db
    .withSchema(SCHEMA)
    .selectFrom('users')
    .select(['user_id', ...USER_COLUMNS])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * What activity keeps of each user (kit's user projection): names for the feed, the timezone and
 * day carry that date a log, and the visibility flags. Its lock serialises changes to one user's row (an event and
 * an on-demand fetch from auth), so a fetch that read auth before a deletion cannot insert the user
 * after it.
 */
export const projectedUsers = projectUsers({
  schema: SCHEMA,
  columns: USER_COLUMNS,
  lockKey: (userId) => `activity.users:${userId}`,
});
