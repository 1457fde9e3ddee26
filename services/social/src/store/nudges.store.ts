import type { Nudge } from '@warriors/contracts';
import { nudgeMessage } from '@warriors/contracts';
import { SCHEMA, type Executor, type NudgeRow } from './schema';

/** The most nudges the bell shows. */
export const INBOX_LIMIT = 50;
/** The most nudges a daily digest lists (the bus question's bound). */
export const DIGEST_LIMIT = 50;

export async function insertNudge(db: Executor, row: NudgeRow): Promise<void> {
  await db.withSchema(SCHEMA).insertInto('nudges').values(row).execute();
}

export async function nudgesSentSince(db: Executor, fromUserId: string, since: Date): Promise<number> {
  const row = await db
    .withSchema(SCHEMA)
    .selectFrom('nudges')
    .select((eb) => eb.fn.countAll<string>().as('sent'))
    .where('from_user_id', '=', fromUserId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.sent);
}

/** A recipient's nudges with their sender's names (a deleted sender's nudges are gone with them). */
const received = (db: Executor, toUserId: string) =>
  db
    .withSchema(SCHEMA)
    .selectFrom('nudges as n')
    .innerJoin('users as f', 'f.user_id', 'n.from_user_id')
    .select(['n.id', 'n.type', 'n.created_at', 'n.is_read', 'f.name as from_name', 'f.username as from_username'])
    .where('n.to_user_id', '=', toUserId);

type NudgeView = { id: string; type: NudgeRow['type']; created_at: Date; is_read: boolean; from_name: string; from_username: string };

const toNudge = (row: NudgeView): Nudge => ({
  id: row.id,
  type: row.type,
  from_name: row.from_name,
  from_username: row.from_username,
  message: nudgeMessage(row.type, row.from_name),
  created_at: row.created_at.toISOString(),
  is_read: row.is_read,
});

export async function inbox(db: Executor, toUserId: string): Promise<Nudge[]> {
  const rows = await received(db, toUserId).orderBy('n.created_at', 'desc').orderBy('n.id', 'desc').limit(INBOX_LIMIT).execute();
  return rows.map(toNudge);
}

/** The recipient's nudges received after `since` and not read yet, newest first: what the daily digest lists. */
export async function unreadSince(db: Executor, toUserId: string, since: Date): Promise<Nudge[]> {
  const rows = await received(db, toUserId)
    .where('n.is_read', '=', false)
    .where('n.created_at', '>', since)
    .orderBy('n.created_at', 'desc')
    .orderBy('n.id', 'desc')
    .limit(DIGEST_LIMIT)
    .execute();
  return rows.map(toNudge);
}

/** The recipient's nudge, as it reads now; undefined when it is not theirs (or does not exist). */
export async function findReceivedNudge(db: Executor, id: string, toUserId: string): Promise<Nudge | undefined> {
  const row = await received(db, toUserId).where('n.id', '=', id).executeTakeFirst();
  return row && toNudge(row);
}

/** Marks the recipient's nudge read; false when it is not theirs. */
export async function markRead(db: Executor, id: string, toUserId: string): Promise<boolean> {
  const result = await db.withSchema(SCHEMA).updateTable('nudges').set({ is_read: true }).where('id', '=', id).where('to_user_id', '=', toUserId).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Removes the nudges sent before `before`; answers how many. */
export async function deleteNudgesBefore(db: Executor, before: Date): Promise<number> {
  const result = await db.withSchema(SCHEMA).deleteFrom('nudges').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
