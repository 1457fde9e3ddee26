import type { DeadLetter } from '@warriors/kit';
import { inSchema, type Executor } from './schema';

/** Records an event as applied; false when it already was (a redelivery). */
export async function markApplied(db: Executor, eventId: string, at: Date): Promise<boolean> {
  const inserted = await inSchema(db)
    .insertInto('inbox')
    .values({ event_id: eventId, applied_at: at })
    .onConflict((oc) => oc.column('event_id').doNothing())
    .returning('event_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function isDeleted(db: Executor, userId: string): Promise<boolean> {
  const row = await inSchema(db).selectFrom('deleted_users').select('user_id').where('user_id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

export async function recordDeadLetter(db: Executor, letter: DeadLetter, at: Date): Promise<void> {
  await inSchema(db)
    .insertInto('dead_letters')
    .values({ subject: letter.subject, durable: letter.durable, deliveries: letter.deliveries, error: letter.error, payload: letter.payload, received_at: at })
    .execute();
}
