import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { isUserId, profilePictureUrl, type AuthResponse, type SignupBody, type User, type UserSearchResult } from '@warriors/contracts';
import { HttpError, lockKey, notFound, TooManyRequestsError, unauthorized, type Clock, type Outbox, type TokenSigner } from '@warriors/kit';
import type { Picture } from '../domain/profile-picture';
import { nextUsername, usernameBase } from '../domain/username';
import { toSearchResult, toUserResponse, type UserChanges, type UserRecord, type UserStats } from '../domain/user';
import { userDeleted, userRegistered, userUpdated, type EventContext } from '../domain/user-events';
import type { Passwords } from '../passwords';
import { loginRefusal, loginWindowStart } from '../domain/login-limit';
import { deleteLoginAttempt, loginAttemptsSince, pruneLoginAttempts, recordLoginAttempt } from '../store/login-attempts.store';
import { findPicture, savePicture, takeMovedPictures, type StoredPicture } from '../store/pictures.store';
import { deleteUser, findUserByEmail, findUserById, findUsernamesLike, insertUser, searchUsers, uniqueViolation, updateUser, type Executor } from '../store/users.store';

export const SEARCH_LIMIT = 20;
/** Each retry follows a concurrent signup of another base that took the same handle first; ten in a row means something else is wrong. */
const USERNAME_ATTEMPTS = 10;

export const EMAIL_TAKEN = 'Email already registered';
export const BAD_LOGIN = 'Incorrect email or password';
export const BAD_CREDENTIALS = 'Could not validate credentials';
export const PICTURE_NOT_FOUND = 'Profile picture not found';
/** Users announced per transaction after the picture migration: bounded so one transaction stays small. */
const ANNOUNCE_BATCH = 100;
/** The requestId of the events the picture migration sends, so logs can tell them from users' changes. */
const PICTURE_MIGRATION_REQUEST = 'migration:0002_profile_pictures';

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
    if (!isUserId(userId)) throw unauthorized(BAD_CREDENTIALS);
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
      const record: Omit<UserRecord, 'username'> = {
        ...profile,
        id: randomUUID(),
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
          // Sign-ups of one base take turns (until commit), so each reads the handles the previous
          // one took: 20 at once with one display name all get distinct handles instead of clashing.
          await lockKey(trx, `auth.username:${base}`);
          const inserted = await insertUser(trx, { ...record, username: nextUsername(base, await findUsernamesLike(trx, base)) });
          await outbox.enqueue(trx, userRegistered(inserted, { at: now, requestId }));
          return inserted;
        });
        return answer(user);
      } catch (error) {
        const clash = uniqueViolation(error);
        // The email check above can lose a race with a concurrent signup; the constraint decides.
        if (clash === 'email') throw new HttpError(400, EMAIL_TAKEN);
        // Another base can still take one of ours ('ana' numbering up to 'ana2' while 'Ana2' signs up): try again.
        if (clash !== 'username') throw error;
      }
    }
    throw new HttpError(503, 'Could not reserve a username, please try again');
  }

  /**
   * The attempt is noted before the password check and counted with every other in the window, so
   * parallel guesses count each other too; a match takes only its own note back, never the failures
   * before it, or the owner's daily sign-in would hand a guesser a fresh allowance.
   */
  async function login(email: string, password: string): Promise<AuthResponse> {
    const now = clock.now();
    const attempt = await recordLoginAttempt(db, email, now);
    const since = loginWindowStart(now);
    const { count, oldest } = await loginAttemptsSince(db, email, since);
    const refusal = loginRefusal(count, oldest ?? now, now);
    if (refusal) {
      // A refused attempt never reached the password, so it does not push the window further out.
      await deleteLoginAttempt(db, attempt);
      throw new TooManyRequestsError(refusal.message, refusal.retryAfterSeconds);
    }
    const user = await findUserByEmail(db, email);
    const matches = await passwords.verify(user?.password_hash, password);
    if (!user || !matches) {
      // Failures are what the table collects: each one clears every email's expired rows.
      await pruneLoginAttempts(db, since);
      throw unauthorized(BAD_LOGIN);
    }
    await deleteLoginAttempt(db, attempt);
    return answer(user, await stats(user.id));
  }

  async function me(userId: string): Promise<User> {
    const user = await requireAccount(userId);
    return toUserResponse(user, await stats(user.id));
  }

  /** Writes the changes and their user.updated event in the caller's transaction. */
  async function changeUser(trx: Executor, userId: string, changes: UserChanges, context: EventContext): Promise<UserRecord> {
    const updated = await updateUser(trx, userId, changes, context.at);
    if (!updated) throw unauthorized(BAD_CREDENTIALS);
    await outbox.enqueue(trx, userUpdated(updated, context));
    return updated;
  }

  async function update(userId: string, changes: UserChanges, context: Omit<EventContext, 'at'>): Promise<User> {
    if (Object.keys(changes).length === 0) return me(userId);
    const id = accountId(userId);
    const user = await inTransaction((trx) => changeUser(trx, id, changes, { ...context, at: clock.now() }));
    return toUserResponse(user);
  }

  /** Stores the picture once; the account, and through user.updated every projection, keep only its URL. */
  async function setPicture(userId: string, picture: Picture, context: Omit<EventContext, 'at'>): Promise<User> {
    const id = accountId(userId);
    const at = clock.now();
    const user = await inTransaction(async (trx) => {
      const version = await savePicture(trx, id, picture, at);
      if (version === undefined) throw unauthorized(BAD_CREDENTIALS);
      return changeUser(trx, id, { profile_picture: profilePictureUrl(id, version) }, { ...context, at });
    });
    return toUserResponse(user);
  }

  /** Public (an <img> sends no token): unknown users, ids that cannot be one and users without a picture are all a 404. */
  async function picture(userId: string): Promise<StoredPicture> {
    const found = isUserId(userId) ? await findPicture(db, userId) : undefined;
    if (!found) throw notFound(PICTURE_NOT_FOUND);
    return found;
  }

  /**
   * Publishes user.updated, now carrying the picture's URL, for each user whose data-URL picture the
   * 0002 migration moved, so the other services' projections stop holding the bytes. Runs at every
   * start; once they are all announced it is one query on an empty table.
   */
  async function announceMovedPictures(): Promise<number> {
    let announced = 0;
    for (;;) {
      const context = { at: clock.now(), requestId: PICTURE_MIGRATION_REQUEST };
      const batch = await inTransaction(async (trx) => {
        const ids = await takeMovedPictures(trx, ANNOUNCE_BATCH);
        for (const id of ids) {
          const user = await findUserById(trx, id);
          if (user) await outbox.enqueue(trx, userUpdated(user, context));
        }
        return ids.length;
      });
      announced += batch;
      if (batch < ANNOUNCE_BATCH) return announced;
    }
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
    return (await searchUsers(db, text, caller.id, SEARCH_LIMIT)).map(toSearchResult);
  }

  return { signup, login, me, update, setPicture, picture, announceMovedPictures, deleteAccount, search };
}
