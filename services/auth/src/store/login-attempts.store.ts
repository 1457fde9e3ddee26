import { sql } from 'kysely';
import { SCHEMA, type Executor } from './users.store';

/** Notes an attempt on `email` before its password is checked; the id lets a success take it back. */
export async function recordLoginAttempt(db: Executor, email: string, at: Date): Promise<string> {
  const row = await db.withSchema(SCHEMA).insertInto('login_attempts').values({ email, attempted_at: at }).returning('id').executeTakeFirstOrThrow();
  return String(row.id);
}

/** The attempts on `email` after `since` (failures and those in flight) and the earliest of them. */
export async function loginAttemptsSince(db: Executor, email: string, since: Date): Promise<{ count: number; oldest: Date | null }> {
  const row = await db
    .withSchema(SCHEMA)
    .selectFrom('login_attempts')
    .select([sql<string>`count(*)`.as('count'), sql<Date | null>`min(attempted_at)`.as('oldest')])
    .where('email', '=', email)
    .where('attempted_at', '>', since)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), oldest: row.oldest === null ? null : new Date(row.oldest) };
}

export async function deleteLoginAttempt(db: Executor, id: string): Promise<void> {
  await db.withSchema(SCHEMA).deleteFrom('login_attempts').where('id', '=', id).execute();
}

/** Drops every email's attempts that no longer count, so the table holds one window at most. */
export async function pruneLoginAttempts(db: Executor, before: Date): Promise<void> {
  await db.withSchema(SCHEMA).deleteFrom('login_attempts').where('attempted_at', '<=', before).execute();
}
