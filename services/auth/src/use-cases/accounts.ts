import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { AuthResponse, SignupBody, User, UserSearchResult } from '@warriors/contracts';
import { HttpError, unauthorized, type Clock, type Outbox, type TokenSigner } from '@warriors/kit';
import { nextUsername, usernameBase } from '../domain/username';
import { toUserResponse, type UserChanges, type UserRecord, type UserStats } from '../domain/user';
import { userDeleted, userRegistered, userUpdated, type EventContext } from '../events/user-events';
import type { Passwords } from '../passwords';
import {
  deleteUser,
  findUserByEmail,
  findUserById,
  findUsernamesLike,
  insertUser,
  searchUsers,
  uniqueViolation,
  updateUser,
  type Executor,
} from '../store/users.store';

export const SEARCH_LIMIT = 20;
/** Each retry follows a concurrent signup that took the same handle first; ten in a row means something else is wrong. */
const USERNAME_ATTEMPTS = 10;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const EMAIL_TAKEN = 'Email already registered';
export const BAD_LOGIN = 'Incorrect email or password';
export const BAD_CREDENTIALS = 'Could not validate credentials';

export interface AccountsDeps {
  db: Executor;
  outbox: Outbox;
  clock: Clock;
  passwords: Passwords;
  tokens: TokenSigner;
  /** The user's streak and badges from gamification, or none when it does not answer in time. */
  stats: (userId: string) => Promise<UserStats>;
}

export type Accounts = ReturnType<typeof createAccounts>;

/** The auth use cases: each state change and its event commit together through the outbox. */
export function createAccounts({ db, outbox, clock, passwords, tokens, stats }: AccountsDeps) {
  async function inTransaction<T>(work: (trx: Executor) => Promise<T>): Promise<T> {
    const result = await db.transaction().execute(work);
    outbox.kick();
    return result;
  }

  const answer = (user: UserRecord, userStats?: UserStats): AuthResponse => ({
    access_token: tokens.sign({ id: user.id }),
    token_type: 'bearer',
    user: toUserResponse(user, userStats),
  });

  /** A token subject that is not one of our ids cannot name an account; refused before it reaches SQL. */
  function accountId(userId: string): string {
    if (!UUID.test(userId)) throw unauthorized(BAD_CREDENTIALS);
    return userId;
  }

  /** A valid token whose account is gone (deleted) is refused like a bad token. */
  async function requireAccount(userId: string): Promise<UserRecord> {
    const user = await findUserById(db, accountId(userId));
    if (!user) throw unauthorized(BAD_CREDENTIALS);
    return user;
  }

  async function signup(body: z.output<typeof SignupBody>, requestId: string): Promise<AuthResponse> {
    if (await findUserByEmail(db, body.email)) throw new HttpError(400, EMAIL_TAKEN);
    const { password, ...profile } = body;
    const passwordHash = await passwords.hash(password);
    const base = usernameBase(body.name);
    for (let attempt = 0; attempt < USERNAME_ATTEMPTS; attempt++) {
      const now = clock.now();
      const record: UserRecord = {
        ...profile,
        id: randomUUID(),
        username: nextUsername(base, await findUsernamesLike(db, base)),
        password_hash: passwordHash,
        bio: null,
        specialty: null,
        x_url: null,
        profile_picture: null,
        profile_public: true,
        show_on_leaderboard: true,
        show_in_battle_pulse: true,
        created_at: now,
        updated_at: now,
      };
      try {
        const user = await inTransaction(async (trx) => {
          const inserted = await insertUser(trx, record);
          await outbox.enqueue(trx, userRegistered(inserted, { at: now, requestId }));
          return inserted;
        });
        return answer(user);
      } catch (error) {
        const clash = uniqueViolation(error);
        // The email check above can lose a race with a concurrent signup; the constraint decides.
        if (clash === 'email') throw new HttpError(400, EMAIL_TAKEN);
        if (clash !== 'username') throw error;
      }
    }
    throw new HttpError(503, 'Could not reserve a username, please try again');
  }

  async function login(email: string, password: string): Promise<AuthResponse> {
    const user = await findUserByEmail(db, email);
    const matches = await passwords.verify(user?.password_hash, password);
    if (!user || !matches) throw unauthorized(BAD_LOGIN);
    return answer(user, await stats(user.id));
  }

  async function me(userId: string): Promise<User> {
    const user = await requireAccount(userId);
    return toUserResponse(user, await stats(user.id));
  }

  async function update(userId: string, changes: UserChanges, context: Omit<EventContext, 'at'>): Promise<User> {
    if (Object.keys(changes).length === 0) return me(userId);
    const at = clock.now();
    const user = await inTransaction(async (trx) => {
      const updated = await updateUser(trx, accountId(userId), changes, at);
      if (!updated) throw unauthorized(BAD_CREDENTIALS);
      await outbox.enqueue(trx, userUpdated(updated, { ...context, at }));
      return updated;
    });
    return toUserResponse(user);
  }

  async function deleteAccount(userId: string, context: Omit<EventContext, 'at'>): Promise<void> {
    const id = accountId(userId);
    await inTransaction(async (trx) => {
      if (!(await deleteUser(trx, id))) throw unauthorized(BAD_CREDENTIALS);
      await outbox.enqueue(trx, userDeleted(id, { ...context, at: clock.now() }));
    });
  }

  async function search(userId: string, text: string): Promise<UserSearchResult[]> {
    const caller = await requireAccount(userId);
    return searchUsers(db, text, caller.id, SEARCH_LIMIT);
  }

  return { signup, login, me, update, deleteAccount, search };
}
