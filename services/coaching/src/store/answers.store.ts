import { sql } from 'kysely';
import type { LocalDate } from '@warriors/contracts';
import { SCHEMA, type AnswerKind, type Executor } from './schema';

/** The answer kept for this user, day and kind, or undefined. */
export async function findAnswer(db: Executor, userId: string, date: LocalDate, kind: AnswerKind): Promise<unknown> {
  const row = await db
    .withSchema(SCHEMA)
    .selectFrom('daily_answers')
    .select('body')
    .where('user_id', '=', userId)
    .where(sql<string>`local_date::text`, '=', date)
    .where('kind', '=', kind)
    .executeTakeFirst();
  return row?.body;
}

/** Keeps the day's answer, true when it is the first: a request that raced this one to the model keeps the first answer stored. */
export async function saveAnswer(db: Executor, userId: string, date: LocalDate, kind: AnswerKind, body: unknown, now: Date): Promise<boolean> {
  const result = await db
    .withSchema(SCHEMA)
    .insertInto('daily_answers')
    .values({ user_id: userId, local_date: date, kind, body: JSON.stringify(body), created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'local_date', 'kind']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Forgets every answer kept for a user (their account was deleted). */
export async function deleteAnswersOf(db: Executor, userId: string): Promise<void> {
  await db.withSchema(SCHEMA).deleteFrom('daily_answers').where('user_id', '=', userId).execute();
}
