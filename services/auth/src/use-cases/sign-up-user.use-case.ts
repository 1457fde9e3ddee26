import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { AuthResponse, SignupBody } from '@warriors/contracts';
import { HttpError, lockKey } from '@warriors/kit';
import { nextUsername, usernameBase } from '../domain/username';
import type { UserRecord } from '../domain/user';
import { userRegistered } from '../domain/user-events';
import { findUserByEmail, findUsernamesLike, insertUser, uniqueViolation } from '../store/users.store';
import { accountAccess, EMAIL_TAKEN, type AccountsDeps } from './account-access';
import { credentials } from './credentials';

/** Each retry follows a concurrent signup of another base that took the same handle first; ten in a row means something else is wrong. */
const USERNAME_ATTEMPTS = 10;

export function signUpUser(deps: AccountsDeps) {
  const { db, outbox, clock, passwords } = deps;
  const { inTransaction, answer } = accountAccess(deps);
  const { sendVerification } = credentials(deps);
  return async function signup(body: z.output<typeof SignupBody>, requestId: string): Promise<AuthResponse> {
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
        day_carry_date: null,
        day_carry_until: null,
        profile_picture: null,
        profile_public: true,
        show_on_leaderboard: true,
        show_in_battle_pulse: true,
        streak_mode: 'daily',
        email_verified: false,
        pending_email: null,
        credential_version: 0,
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
          await sendVerification(trx, inserted, { at: now, requestId });
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
  };
}
