import { sql } from 'kysely';
import type { Executor } from './schema';

/** Keeps the newest verified address of a user: an older verification delivered late changes nothing. */
export async function saveVerifiedAddress(db: Executor, userId: string, email: string, verifiedAt: Date): Promise<void> {
  await db
    .withSchema('mail')
    .insertInto('addresses')
    .values({ user_id: userId, email, verified_at: verifiedAt })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ email, verified_at: verifiedAt }).where('addresses.verified_at', '<', verifiedAt))
    .execute();
}

export async function userOfAddress(db: Executor, email: string): Promise<string | undefined> {
  return (await db.withSchema('mail').selectFrom('addresses').select('user_id').where('email', '=', email).executeTakeFirst())?.user_id;
}

export async function forgetAddress(db: Executor, userId: string): Promise<void> {
  await db.withSchema('mail').deleteFrom('addresses').where('user_id', '=', userId).execute();
}

export interface DigestRecipient {
  user_id: string;
  email: string;
  name: string;
  timezone: string;
}

/**
 * Verified brokers with the digest `kind` switched on, not deleted, after `afterUserId` (pages in
 * user id order); the projection gives the name and timezone, so a broker auth has not told us of
 * yet waits for the next round.
 */
export async function digestRecipients(db: Executor, kind: 'weekly_recap' | 'daily_digest', afterUserId: string, limit: number): Promise<DigestRecipient[]> {
  const rows = await sql<DigestRecipient>`
    select a.user_id, a.email, u.name, u.timezone
    from mail.addresses a
    join mail.users u on u.user_id = a.user_id
    left join mail.preferences p on p.user_id = a.user_id
    where a.user_id > ${afterUserId} and coalesce(${sql.ref(`p.${kind}`)}, true)
      and not exists (select from mail.deleted_users d where d.user_id = a.user_id)
    order by a.user_id
    limit ${limit}`.execute(db);
  return rows.rows;
}

/** Claims a digest for a broker and period: answers false when it was already considered (here or by another instance). */
export async function claimDigest(db: Executor, userId: string, kind: string, period: string, at: Date): Promise<boolean> {
  const row = await db
    .withSchema('mail')
    .insertInto('digests')
    .values({ user_id: userId, kind, period, considered_at: at })
    .onConflict((conflict) => conflict.columns(['user_id', 'kind', 'period']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function wasConsidered(db: Executor, userId: string, kind: string, period: string): Promise<boolean> {
  return (
    (await db.withSchema('mail').selectFrom('digests').select('user_id').where('user_id', '=', userId).where('kind', '=', kind).where('period', '=', period).executeTakeFirst()) !==
    undefined
  );
}

/** When the broker's previous digest of `kind` was considered: the daily digest tells what came since. */
export async function previousDigestAt(db: Executor, userId: string, kind: string, beforePeriod: string): Promise<Date | undefined> {
  const row = await db
    .withSchema('mail')
    .selectFrom('digests')
    .select('considered_at')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('period', '<', beforePeriod)
    .orderBy('period', 'desc')
    .executeTakeFirst();
  return row?.considered_at;
}

export async function forgetDigests(db: Executor, userId: string): Promise<void> {
  await db.withSchema('mail').deleteFrom('digests').where('user_id', '=', userId).execute();
}
