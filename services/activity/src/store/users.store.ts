import type { UserProjection } from '@warriors/contracts';
import { lockKey, markEventApplied, type DeadLetter } from '@warriors/kit';
import { SCHEMA, type Executor } from './schema';

export async function findUser(db: Executor, userId: string): Promise<UserProjection | undefined> {
  return db
    .withSchema(SCHEMA)
    .selectFrom('users')
    .select([
      'user_id',
      'name',
      'username',
      'profile_picture',
      'company',
      'city',
      'state',
      'timezone',
      'profile_public',
      'show_on_leaderboard',
      'show_in_battle_pulse',
    ])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * Serialises changes to one user's projection (an event and an on-demand fetch from auth), so a
 * fetch that read auth before a deletion cannot insert the user after it. Hold it in a transaction.
 */
export const lockUser = (trx: Executor, userId: string): Promise<void> => lockKey(trx, `activity.users:${userId}`);

/**
 * Inserts or replaces a user's projection unless the stored row came from a newer event.
 * `eventAt` null (an on-demand fetch from auth) only fills a missing row. Callers check
 * isDeleted first, under lockUser.
 */
export async function upsertUser(db: Executor, user: UserProjection, eventAt: Date | null): Promise<void> {
  const { user_id, ...fields } = user;
  await db
    .withSchema(SCHEMA)
    .insertInto('users')
    .values({ ...user, event_at: eventAt })
    .onConflict((oc) =>
      eventAt === null
        ? oc.column('user_id').doNothing()
        : oc
            .column('user_id')
            .doUpdateSet((eb) => ({ ...fields, event_at: eb.ref('excluded.event_at') }))
            .where((eb) => eb.or([eb('users.event_at', 'is', null), eb('users.event_at', '<=', eb.ref('excluded.event_at'))])),
    )
    .execute();
}

/** Removes the projection (activities go with it, by cascade) and remembers the deletion. */
export async function deleteUser(db: Executor, userId: string, at: Date): Promise<void> {
  await db.withSchema(SCHEMA).deleteFrom('users').where('user_id', '=', userId).execute();
  await db.withSchema(SCHEMA).insertInto('deleted_users').values({ user_id: userId, deleted_at: at }).onConflict((oc) => oc.doNothing()).execute();
}

export async function isDeleted(db: Executor, userId: string): Promise<boolean> {
  const row = await db.withSchema(SCHEMA).selectFrom('deleted_users').select('user_id').where('user_id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

/** Records an event as applied; false when it already was (a redelivery), so the caller skips it. */
export const markApplied = (db: Executor, eventId: string, at: Date): Promise<boolean> => markEventApplied(db, SCHEMA, eventId, at);

export async function insertDeadLetter(db: Executor, letter: DeadLetter, at: Date): Promise<void> {
  await db
    .withSchema(SCHEMA)
    .insertInto('dead_letters')
    .values({ subject: letter.subject, durable: letter.durable, deliveries: letter.deliveries, error: letter.error, payload: letter.payload, created_at: at })
    .execute();
}
