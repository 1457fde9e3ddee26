import { sql, type Generated, type Kysely } from 'kysely';
import { isUserId } from '@warriors/contracts';
import type { SearchRow, UserChanges, UserRecord } from '../domain/user';
import type { AccountTokenRow } from './account-tokens.store';

export const SCHEMA = 'auth';

export interface AuthDatabase {
  users: UserRecord;
  login_attempts: { id: Generated<string>; email: string; attempted_at: Date };
  account_tokens: AccountTokenRow;
  password_reset_requests: { id: Generated<string>; email_hash: string; requested_at: Date };
}

/** What the account mails' operations change: never through the profile's UserChanges. */
export type CredentialChanges = Partial<Pick<UserRecord, 'email' | 'email_verified' | 'pending_email' | 'password_hash' | 'credential_version'>>;

/** Either the pool or an open transaction: every function runs on whichever the caller holds. */
export type Executor = Kysely<AuthDatabase>;

const users = (db: Executor) => db.withSchema(SCHEMA).selectFrom('users');

export async function findUserById(db: Executor, id: string): Promise<UserRecord | undefined> {
  return users(db).selectAll().where('id', '=', id).executeTakeFirst();
}

/** The user's row, locked until the transaction ends: a change read from it is written before another's. */
export async function lockUser(db: Executor, id: string): Promise<UserRecord | undefined> {
  return users(db).selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/**
 * Whether a token no longer opens its account: the account is gone, or the token was signed below its
 * credential version. An id that is not one of ours names no account and never reaches SQL.
 */
export async function refusesToken(db: Executor, token: { id: string; credentialVersion: number }): Promise<boolean> {
  if (!isUserId(token.id)) return true;
  const row = await users(db).select('credential_version').where('id', '=', token.id).executeTakeFirst();
  return !row || row.credential_version > token.credentialVersion;
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRecord | undefined> {
  return users(db).selectAll().where('email', '=', email).executeTakeFirst();
}

/** Which of `emails` (lower-cased) have an account whose owner verified it: email to user id. */
export async function accountsByEmail(db: Executor, emails: readonly string[]): Promise<Record<string, string>> {
  const wanted = [...new Set(emails.map((email) => email.toLowerCase()))];
  if (wanted.length === 0) return {};
  // Only a verified address names its account: anyone may sign up with any address (docs/decisions.md, "Mail").
  const rows = await users(db).select(['id', 'email']).where('email', 'in', wanted).where('email_verified', '=', true).execute();
  return Object.fromEntries(rows.map((row) => [row.email, row.id]));
}

/** Usernames equal to `base` or `base` followed by digits; base is [a-z0-9_] so it is safe in a regex. */
export async function findUsernamesLike(db: Executor, base: string): Promise<string[]> {
  const rows = await users(db).select('username').where('username', '~', `^${base}[0-9]*$`).execute();
  return rows.map((r) => r.username);
}

export async function insertUser(db: Executor, user: UserRecord): Promise<UserRecord> {
  return db.withSchema(SCHEMA).insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
}

export async function updateUser(db: Executor, id: string, changes: UserChanges, at: Date): Promise<UserRecord | undefined> {
  return db
    .withSchema(SCHEMA)
    .updateTable('users')
    .set({ ...changes, updated_at: at })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function updateCredentials(db: Executor, id: string, changes: CredentialChanges, at: Date): Promise<UserRecord | undefined> {
  return db
    .withSchema(SCHEMA)
    .updateTable('users')
    .set({ ...changes, updated_at: at })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteUser(db: Executor, id: string): Promise<boolean> {
  const result = await db.withSchema(SCHEMA).deleteFrom('users').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * Case-insensitive substring match on username, and on name or company only for public profiles, so
 * a private user is never found by what their profile hides; ordered by what the results show.
 * `%`, `_` and `\` in the text match literally.
 */
export async function searchUsers(db: Executor, text: string, excludeId: string, limit: number): Promise<SearchRow[]> {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return users(db)
    .select(['id', 'name', 'username', 'profile_picture', 'company', 'profile_public'])
    .where('id', '<>', excludeId)
    .where((eb) => eb.or([eb('username', 'ilike', pattern), eb.and([eb('profile_public', '=', true), eb.or([eb('name', 'ilike', pattern), eb('company', 'ilike', pattern)])])]))
    .orderBy(sql`case when profile_public then name else username end`)
    .orderBy('username')
    .limit(limit)
    .execute();
}

/** Which unique constraint a failed insert hit, if that is why it failed. */
export function uniqueViolation(error: unknown): 'email' | 'username' | null {
  const e = error as { code?: string; constraint?: string };
  if (e?.code !== '23505') return null;
  if (e.constraint === 'users_email_key') return 'email';
  if (e.constraint === 'users_username_key') return 'username';
  return null;
}
