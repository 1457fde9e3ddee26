import { isUserId, type AuthResponse } from '@warriors/contracts';
import { unauthorized, type Clock, type Outbox, type TokenSigner } from '@warriors/kit';
import { toUserResponse, withDayCarry, type UserChanges, type UserRecord, type UserStats } from '../domain/user';
import { userUpdated, type EventContext } from '../domain/user-events';
import type { Passwords } from '../passwords';
import { findUserById, lockUser, updateUser, type Executor } from '../store/users.store';

export const SEARCH_LIMIT = 20;

export const EMAIL_TAKEN = 'Email already registered';
export const BAD_LOGIN = 'Incorrect email or password';
export const BAD_CREDENTIALS = 'Could not validate credentials';
export const PICTURE_NOT_FOUND = 'Profile picture not found';

export interface AccountsDeps {
  db: Executor;
  outbox: Outbox;
  clock: Clock;
  passwords: Passwords;
  tokens: TokenSigner;
  /** The user's streak and badges from gamification, or none when it does not answer in time. */
  stats: (userId: string) => Promise<UserStats>;
}

/** What the account operations share: a transaction that sends its events at once, the token answer, the caller's account. */
export function accountAccess({ db, outbox, tokens }: AccountsDeps) {
  async function inTransaction<T>(work: (trx: Executor) => Promise<T>): Promise<T> {
    const result = await db.transaction().execute(work);
    outbox.kick();
    return result;
  }

  const answer = (user: UserRecord, userStats?: UserStats): AuthResponse => ({
    access_token: tokens.sign({ id: user.id, credentialVersion: user.credential_version }),
    token_type: 'bearer',
    user: toUserResponse(user, userStats),
  });

  /** A token subject that is not one of our ids cannot name an account; refused before it reaches SQL. */
  function accountId(userId: string): string {
    if (!isUserId(userId)) throw unauthorized(BAD_CREDENTIALS);
    return userId;
  }

  /** A valid token whose account is gone (deleted) is refused like a bad token. */
  async function requireAccount(userId: string): Promise<UserRecord> {
    const user = await findUserById(db, accountId(userId));
    if (!user) throw unauthorized(BAD_CREDENTIALS);
    return user;
  }

  /**
   * Writes the changes and their user.updated event in the caller's transaction; a new timezone with
   * the day it leaves in force (withDayCarry), read from the row it locks.
   */
  async function changeUser(trx: Executor, userId: string, changes: UserChanges, context: EventContext): Promise<UserRecord> {
    const current = changes.timezone === undefined ? undefined : await lockUser(trx, userId);
    const updated = await updateUser(trx, userId, current ? withDayCarry(current, changes, context.at) : changes, context.at);
    if (!updated) throw unauthorized(BAD_CREDENTIALS);
    await outbox.enqueue(trx, userUpdated(updated, context));
    return updated;
  }

  return { inTransaction, answer, accountId, requireAccount, changeUser };
}
