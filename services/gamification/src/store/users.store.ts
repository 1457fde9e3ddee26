import { sql } from 'kysely';
import type { UserProjection } from '@warriors/contracts';
import { inSchema, SCHEMA, type Executor, type UserRow } from './schema';

/** Inserts or updates the projection unless a newer event already wrote it. */
export async function upsertUser(db: Executor, user: UserProjection, at: Date): Promise<void> {
  const fields = {
    name: user.name,
    username: user.username,
    profile_picture: user.profile_picture,
    company: user.company,
    city: user.city,
    state: user.state,
    timezone: user.timezone,
    show_on_leaderboard: user.show_on_leaderboard,
    profile_public: user.profile_public,
    updated_at: at,
  };
  await inSchema(db)
    .insertInto('users')
    .values({
      user_id: user.user_id,
      ...fields,
      // Activity may have arrived before the registration did; a campaign bonus is not an activity.
      last_activity_at: sql<Date | null>`(select max(occurred_at) from ${sql.table(`${SCHEMA}.ledger`)} where user_id = ${user.user_id} and source = 'activity')`,
    })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet(fields)
        .where('users.updated_at', '<=', at),
    )
    .execute();
}

/** Removes everything gamification holds about a user and remembers the deletion. */
export async function deleteUserData(db: Executor, userId: string, at: Date): Promise<void> {
  await inSchema(db).deleteFrom('ledger').where('user_id', '=', userId).execute();
  await inSchema(db).deleteFrom('daily_totals').where('user_id', '=', userId).execute();
  await inSchema(db).deleteFrom('user_badges').where('user_id', '=', userId).execute();
  await inSchema(db).deleteFrom('users').where('user_id', '=', userId).execute();
  await inSchema(db)
    .insertInto('deleted_users')
    .values({ user_id: userId, deleted_at: at })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
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
