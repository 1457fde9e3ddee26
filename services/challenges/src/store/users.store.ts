import { projectUsers } from '@warriors/kit';
import { SCHEMA, type Executor } from './schema';

/** One user's lock: credited activities, the user's creations, joins and accepted invites, and their deletion never interleave. */
export const userLock = (userId: string) => `challenges:${userId}`;

/**
 * What challenges keeps of each user: what a board and an invite show, whether rankings may show them,
 * and whether a public invitation may show their name.
 */
export const projectedUsers = projectUsers({ schema: SCHEMA, columns: ['name', 'username', 'profile_picture', 'show_on_leaderboard', 'profile_public'], lockKey: userLock });

export const isDeleted = (db: Executor, userId: string): Promise<boolean> => projectedUsers.isDeleted(db, userId);

/** The users among `ids` with a row in `table`: the projection's, or the deleted ones' tombstones. */
export async function usersIn(db: Executor, table: 'users' | 'deleted_users', ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .withSchema(SCHEMA)
    .selectFrom(table)
    .select('user_id')
    .where('user_id', 'in', [...ids])
    .execute();
  return new Set(rows.map((r) => r.user_id));
}

/**
 * Share-locks the projection rows of `ids` until the transaction ends: a deletion of one of them
 * (which row-locks its row first, see lockForDeletion) waits for the caller's commit and then
 * removes what the caller wrote for them; one already under way makes the caller wait, then its
 * tombstone shows. Users the projection has not seen yet have no row to lock.
 */
export async function holdAgainstDeletion(trx: Executor, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await trx
    .withSchema(SCHEMA)
    .selectFrom('users')
    .select('user_id')
    .where('user_id', 'in', [...ids])
    .forShare()
    .execute();
}

/** Row-locks the user's projection row for their deletion: it waits for every holdAgainstDeletion of them. */
export async function lockForDeletion(trx: Executor, userId: string): Promise<void> {
  await trx.withSchema(SCHEMA).selectFrom('users').select('user_id').where('user_id', '=', userId).forUpdate().execute();
}

export const findUserId = (db: Executor, userId: string) => db.withSchema(SCHEMA).selectFrom('users').select('user_id').where('user_id', '=', userId).executeTakeFirst();
