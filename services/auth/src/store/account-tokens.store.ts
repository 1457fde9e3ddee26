import { sql } from 'kysely';
import type { TokenPurpose } from '../domain/account-tokens';
import { SCHEMA, type Executor } from './users.store';

export interface AccountTokenRow {
  token_hash: string;
  user_id: string;
  purpose: TokenPurpose;
  email: string;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
}

export async function insertAccountToken(db: Executor, row: Omit<AccountTokenRow, 'used_at'>): Promise<void> {
  await db.withSchema(SCHEMA).insertInto('account_tokens').values(row).execute();
}

/** Ends every unused token of these purposes of the user (a newer one replaces them, or the password changed). */
export async function voidAccountTokens(db: Executor, userId: string, purposes: readonly TokenPurpose[], at: Date): Promise<void> {
  await db
    .withSchema(SCHEMA)
    .updateTable('account_tokens')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('purpose', 'in', purposes)
    .where('used_at', 'is', null)
    .execute();
}

/**
 * The unused, unexpired token of one of `purposes` with this hash, locked and marked used in the
 * caller's transaction: two requests with one link cannot both take it.
 */
export async function takeAccountToken(db: Executor, hash: string, purposes: readonly TokenPurpose[], at: Date): Promise<AccountTokenRow | undefined> {
  return db
    .withSchema(SCHEMA)
    .updateTable('account_tokens')
    .set({ used_at: at })
    .where('token_hash', '=', hash)
    .where('purpose', 'in', purposes)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .returningAll()
    .executeTakeFirst();
}

export async function countAccountTokensSince(db: Executor, userId: string, purpose: TokenPurpose, since: Date): Promise<number> {
  const row = await db
    .withSchema(SCHEMA)
    .selectFrom('account_tokens')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return row.count;
}

/** Notes a 'Forgot password?' request for an address and answers how many it had since `since`, this one included. */
export async function recordResetRequest(db: Executor, emailHash: string, at: Date, since: Date): Promise<number> {
  await db.withSchema(SCHEMA).insertInto('password_reset_requests').values({ email_hash: emailHash, requested_at: at }).execute();
  // Old requests of every address go as new ones come: the table holds about an hour.
  await db.withSchema(SCHEMA).deleteFrom('password_reset_requests').where('requested_at', '<', since).execute();
  const row = await db
    .withSchema(SCHEMA)
    .selectFrom('password_reset_requests')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('email_hash', '=', emailHash)
    .where('requested_at', '>=', since)
    .executeTakeFirstOrThrow();
  return row.count;
}
