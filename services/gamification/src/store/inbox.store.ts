import { lockKey, markEventApplied, recordDeadLetter as recordInSchema, type DeadLetter } from '@warriors/kit';
import { inSchema, SCHEMA, type Executor } from './schema';

/** Records an event as applied; false when it already was (a redelivery). */
export const markApplied = (db: Executor, eventId: string, at: Date): Promise<boolean> => markEventApplied(db, SCHEMA, eventId, at);

/**
 * Serializes one user's events inside a transaction: badge rules read the user's totals, and two
 * concurrent transactions reading before either commits would both miss the 50th call.
 */
export const lockUser = (db: Executor, userId: string): Promise<void> => lockKey(db, `gamification:${userId}`);

export async function isDeleted(db: Executor, userId: string): Promise<boolean> {
  const row = await inSchema(db).selectFrom('deleted_users').select('user_id').where('user_id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

export const recordDeadLetter = (db: Executor, letter: DeadLetter, at: Date): Promise<void> => recordInSchema(db, SCHEMA, letter, at);
