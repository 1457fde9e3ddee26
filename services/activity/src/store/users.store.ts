import { projectUsers } from '@warriors/kit';
import { SCHEMA, type ActivityUser, type Executor } from './schema';

export async function findUser(db: Executor, userId: string): Promise<ActivityUser | undefined> {
  return db
    .withSchema(SCHEMA)
    .selectFrom('users')
    .select(['user_id', 'name', 'username', 'profile_picture', 'company', 'city', 'state', 'timezone', 'profile_public', 'show_on_leaderboard', 'show_in_battle_pulse'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * What activity keeps of each user (kit's user projection): names for the feed, the timezone that
 * dates a log, and the visibility flags. Its lock serialises changes to one user's row (an event and
 * an on-demand fetch from auth), so a fetch that read auth before a deletion cannot insert the user
 * after it.
 */
export const projectedUsers = projectUsers({
  schema: SCHEMA,
  columns: ['name', 'username', 'profile_picture', 'company', 'city', 'state', 'timezone', 'profile_public', 'show_on_leaderboard', 'show_in_battle_pulse'],
  lockKey: (userId) => `activity.users:${userId}`,
});
