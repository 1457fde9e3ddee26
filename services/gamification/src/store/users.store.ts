import { sql } from 'kysely';
import { projectUsers } from '@warriors/kit';
import { lockKey } from './ledger.store';
import { inSchema, SCHEMA, type Executor, type UserRow } from './schema';

/** What gamification keeps of each user (kit's user projection): what its boards show, and who hides from them. */
export const projectedUsers = projectUsers({
  schema: SCHEMA,
  columns: [
    'name',
    'username',
    'profile_picture',
    'company',
    'city',
    'state',
    'timezone',
    'day_carry_date',
    'day_carry_until',
    'show_on_leaderboard',
    'profile_public',
    'streak_mode',
  ],
  lockKey,
});

export const isDeleted = (db: Executor, userId: string): Promise<boolean> => projectedUsers.isDeleted(db, userId);

/** A user's last logged activity in the ledger, as a value for their new projection row. A campaign bonus is not an activity. */
export const lastActivityInLedger = (userId: string) =>
  sql<Date | null>`(select max(occurred_at) from ${sql.table(`${SCHEMA}.ledger`)} where user_id = ${userId} and source = 'activity')`;

/** Removes the points, totals, badges and recap notices gamification holds of a user (their projection row is kit's to remove). */
export async function deleteActivityOf(db: Executor, userId: string): Promise<void> {
  await inSchema(db).deleteFrom('ledger').where('user_id', '=', userId).execute();
  await inSchema(db).deleteFrom('daily_totals').where('user_id', '=', userId).execute();
  await inSchema(db).deleteFrom('user_badges').where('user_id', '=', userId).execute();
  await inSchema(db).deleteFrom('recap_notices').where('user_id', '=', userId).execute();
}

export async function findUsers(db: Executor, userIds: readonly string[]): Promise<UserRow[]> {
  if (userIds.length === 0) return [];
  return inSchema(db).selectFrom('users').selectAll().where('user_id', 'in', userIds).execute();
}

export async function findUser(db: Executor, userId: string): Promise<UserRow | undefined> {
  return inSchema(db).selectFrom('users').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function hiddenUserIds(db: Executor): Promise<string[]> {
  const rows = await inSchema(db).selectFrom('users').select('user_id').where('show_on_leaderboard', '=', false).execute();
  return rows.map((r) => r.user_id);
}
