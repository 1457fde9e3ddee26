import { inSchema, type Executor } from './schema';

/** Keeps the user's timezone unless a newer event already wrote it. */
export async function upsertUser(db: Executor, userId: string, timezone: string, eventAt: Date): Promise<void> {
  await inSchema(db)
    .insertInto('users')
    .values({ user_id: userId, timezone, event_at: eventAt })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ timezone, event_at: eventAt }).where('users.event_at', '<=', eventAt))
    .execute();
}

export async function timezoneOf(db: Executor, userId: string): Promise<string | undefined> {
  const row = await inSchema(db).selectFrom('users').select('timezone').where('user_id', '=', userId).executeTakeFirst();
  return row?.timezone;
}

/** Forgets the user and remembers the deletion, so late events do not bring them back. */
export async function deleteUser(db: Executor, userId: string, at: Date): Promise<void> {
  await inSchema(db).deleteFrom('users').where('user_id', '=', userId).execute();
  await inSchema(db).deleteFrom('custom_campaigns').where('creator_id', '=', userId).execute();
  await inSchema(db).insertInto('deleted_users').values({ user_id: userId, deleted_at: at }).onConflict((oc) => oc.column('user_id').doNothing()).execute();
}

export async function isDeleted(db: Executor, userId: string): Promise<boolean> {
  const row = await inSchema(db).selectFrom('deleted_users').select('user_id').where('user_id', '=', userId).executeTakeFirst();
  return row !== undefined;
}
