import { sql } from 'kysely';
import { DEFAULT_PUSH_PREFERENCES, type PushPreferences, type PushSubscriptionBody } from '@warriors/contracts';
import { SCHEMA, type Executor, type PushQueueRow, type PushSubscriptionRow } from './schema';

/** Saves a device's subscription for `userId`: a known endpoint takes the new keys and owner (one browser, signed in as someone else now). */
export async function upsertSubscription(db: Executor, userId: string, body: PushSubscriptionBody, at: Date): Promise<void> {
  await db
    .withSchema(SCHEMA)
    .insertInto('push_subscriptions')
    .values({ endpoint: body.endpoint, user_id: userId, p256dh: body.keys.p256dh, auth: body.keys.auth, created_at: at, updated_at: at })
    .onConflict((oc) => oc.column('endpoint').doUpdateSet({ user_id: userId, p256dh: body.keys.p256dh, auth: body.keys.auth, updated_at: at }))
    .execute();
}

/** Removes the caller's own subscription; false when the endpoint is not theirs (or unknown). */
export async function deleteOwnSubscription(db: Executor, userId: string, endpoint: string): Promise<boolean> {
  const result = await db.withSchema(SCHEMA).deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).where('user_id', '=', userId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The push service said the device is gone (404/410): its waiting notifications go with it (cascade). */
export async function deleteSubscription(db: Executor, endpoint: string): Promise<void> {
  await db.withSchema(SCHEMA).deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).execute();
}

export const subscriptionsOf = (db: Executor, userId: string): Promise<PushSubscriptionRow[]> =>
  db.withSchema(SCHEMA).selectFrom('push_subscriptions').selectAll().where('user_id', '=', userId).orderBy('endpoint').execute();

export async function hasSubscription(db: Executor, userId: string): Promise<boolean> {
  const row = await db.withSchema(SCHEMA).selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', userId).limit(1).executeTakeFirst();
  return row !== undefined;
}

export const findSubscription = (db: Executor, endpoint: string): Promise<PushSubscriptionRow | undefined> =>
  db.withSchema(SCHEMA).selectFrom('push_subscriptions').selectAll().where('endpoint', '=', endpoint).executeTakeFirst();

export async function preferencesOf(db: Executor, userId: string): Promise<PushPreferences> {
  const row = await db.withSchema(SCHEMA).selectFrom('push_preferences').selectAll().where('user_id', '=', userId).executeTakeFirst();
  if (!row) return DEFAULT_PUSH_PREFERENCES;
  return { kinds: { nudges: row.nudges, invitations: row.invitations, kudos: row.kudos, passed: row.passed }, quiet_start: row.quiet_start, quiet_end: row.quiet_end };
}

export async function savePreferences(db: Executor, userId: string, preferences: PushPreferences, at: Date): Promise<void> {
  const values = { ...preferences.kinds, quiet_start: preferences.quiet_start, quiet_end: preferences.quiet_end, updated_at: at };
  await db
    .withSchema(SCHEMA)
    .insertInto('push_preferences')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}

/** The broker's zone as the projection keeps it (UTC for one social does not know). */
export async function timezoneOf(db: Executor, userId: string): Promise<string> {
  const row = await db.withSchema(SCHEMA).selectFrom('users').select('timezone').where('user_id', '=', userId).executeTakeFirst();
  return row?.timezone ?? 'UTC';
}

/** Records that the broker is told today that they were passed; false when they already were this local day. */
export async function claimPassedDay(db: Executor, userId: string, localDate: string): Promise<boolean> {
  const inserted = await db
    .withSchema(SCHEMA)
    .insertInto('push_passed_days')
    .values({ user_id: userId, local_date: localDate })
    .onConflict((oc) => oc.columns(['user_id', 'local_date']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export type QueuedPush = Pick<PushQueueRow, 'source_key' | 'endpoint' | 'user_id' | 'payload' | 'due_at' | 'created_at'>;

/** Queues notifications; a (source, device) already queued stays as it is. */
export async function enqueuePushes(db: Executor, rows: readonly QueuedPush[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .withSchema(SCHEMA)
    .insertInto('push_queue')
    .values(rows.map((row) => ({ ...row, attempts: 0, last_error: null })))
    .onConflict((oc) => oc.columns(['source_key', 'endpoint']).doNothing())
    .execute();
}

export type ClaimedPush = Pick<PushQueueRow, 'source_key' | 'endpoint' | 'user_id' | 'payload' | 'last_error'> & { attempts: number; p256dh: string; auth: string };

/**
 * Takes up to `limit` due notifications for sending by moving their due_at to `leaseUntil`: another
 * sender (instance) skips them, and if this one stops before settling them they fall due again then.
 */
export async function claimDuePushes(db: Executor, now: Date, leaseUntil: Date, limit: number): Promise<ClaimedPush[]> {
  const result = await sql<ClaimedPush>`
    with due as (
      select source_key, endpoint from ${sql.table(`${SCHEMA}.push_queue`)}
      where due_at <= ${now}
      order by due_at
      limit ${limit}
      for update skip locked
    )
    update ${sql.table(`${SCHEMA}.push_queue`)} q set due_at = ${leaseUntil}
    from due, ${sql.table(`${SCHEMA}.push_subscriptions`)} s
    where q.source_key = due.source_key and q.endpoint = due.endpoint and s.endpoint = q.endpoint
    returning q.source_key, q.endpoint, q.user_id, q.payload, q.attempts, q.last_error, s.p256dh, s.auth`.execute(db);
  return result.rows;
}

export async function removeQueued(db: Executor, sourceKey: string, endpoint: string): Promise<void> {
  await db.withSchema(SCHEMA).deleteFrom('push_queue').where('source_key', '=', sourceKey).where('endpoint', '=', endpoint).execute();
}

export async function retryQueued(db: Executor, sourceKey: string, endpoint: string, attempts: number, dueAt: Date, error: string): Promise<void> {
  await db
    .withSchema(SCHEMA)
    .updateTable('push_queue')
    .set({ attempts, due_at: dueAt, last_error: error })
    .where('source_key', '=', sourceKey)
    .where('endpoint', '=', endpoint)
    .execute();
}

export async function forgetPushRows(trx: Executor, userId: string): Promise<void> {
  await trx.withSchema(SCHEMA).deleteFrom('push_queue').where('user_id', '=', userId).execute();
  await trx.withSchema(SCHEMA).deleteFrom('push_subscriptions').where('user_id', '=', userId).execute();
  await trx.withSchema(SCHEMA).deleteFrom('push_preferences').where('user_id', '=', userId).execute();
  await trx.withSchema(SCHEMA).deleteFrom('push_passed_days').where('user_id', '=', userId).execute();
}
