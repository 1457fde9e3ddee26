import type { EmailInvite } from '@warriors/contracts';
import { inSchema, type Executor } from './schema';

export interface InviteRow {
  id: string;
  challenge_id: number;
  from_user_id: string;
  to_user_id: string;
  created_at: Date;
}

/** Inserts the invites not already there; answers those inserted. */
export async function insertInvites(db: Executor, invites: readonly InviteRow[]): Promise<InviteRow[]> {
  if (invites.length === 0) return [];
  return inSchema(db)
    .insertInto('challenge_invites')
    .values([...invites])
    .onConflict((oc) => oc.columns(['challenge_id', 'to_user_id']).doNothing())
    .returningAll()
    .execute();
}

export async function findInvite(db: Executor, id: string): Promise<InviteRow | undefined> {
  return inSchema(db).selectFrom('challenge_invites').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function deleteInvite(db: Executor, id: string): Promise<void> {
  await inSchema(db).deleteFrom('challenge_invites').where('id', '=', id).execute();
}

export async function deleteInviteOf(db: Executor, challengeId: number, userId: string): Promise<void> {
  await inSchema(db).deleteFrom('challenge_invites').where('challenge_id', '=', challengeId).where('to_user_id', '=', userId).execute();
}

/** Remembers that `userId` declined an invite to the challenge (sendInvites skips them from then on). */
export async function recordDecline(db: Executor, challengeId: number, userId: string, at: Date): Promise<void> {
  await inSchema(db)
    .insertInto('challenge_declines')
    .values({ challenge_id: challengeId, user_id: userId, declined_at: at })
    .onConflict((oc) => oc.columns(['challenge_id', 'user_id']).doNothing())
    .execute();
}

export async function isInvited(db: Executor, challengeId: number, userId: string): Promise<boolean> {
  const row = await inSchema(db).selectFrom('challenge_invites').select('id').where('challenge_id', '=', challengeId).where('to_user_id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

/** The user's pending invites to challenges not yet ended, newest first, with the sender's and challenge's names. */
export async function invitesTo(db: Executor, userId: string, now: Date) {
  return inSchema(db)
    .selectFrom('challenge_invites as i')
    .innerJoin('challenges as c', 'c.id', 'i.challenge_id')
    .leftJoin('users as u', 'u.user_id', 'i.from_user_id')
    .select(['i.id', 'i.challenge_id', 'i.created_at', 'c.name as challenge_name', 'u.name as from_name', 'u.username as from_username'])
    .where('i.to_user_id', '=', userId)
    .where('c.end_at', '>', now)
    .orderBy('i.created_at', 'desc')
    .limit(200)
    .execute();
}

/** Stores the pending email invites not already there; answers the addresses stored. */
export async function insertEmailInvites(db: Executor, challengeId: number, fromUserId: string, invites: readonly EmailInvite[], at: Date): Promise<Set<string>> {
  if (invites.length === 0) return new Set();
  const rows = await inSchema(db)
    .insertInto('challenge_email_invites')
    .values(invites.map((i) => ({ challenge_id: challengeId, email: i.email, name: i.name, from_user_id: fromUserId, created_at: at })))
    .onConflict((oc) => oc.columns(['challenge_id', 'email']).doNothing())
    .returning('email')
    .execute();
  return new Set(rows.map((row) => row.email));
}

/** Takes the pending email invites of `email` away (they become the new account's invites). */
export async function claimEmailInvites(db: Executor, email: string) {
  return inSchema(db).deleteFrom('challenge_email_invites as e').where('e.email', '=', email).returning(['e.challenge_id', 'e.from_user_id']).execute();
}

export async function challengeNames(db: Executor, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await inSchema(db)
    .selectFrom('challenges')
    .select(['id', 'name'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}
