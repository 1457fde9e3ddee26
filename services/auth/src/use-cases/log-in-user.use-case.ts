import type { AuthResponse } from '@warriors/contracts';
import { TooManyRequestsError, unauthorized } from '@warriors/kit';
import { loginRefusal, loginWindowStart } from '../domain/login-limit';
import { deleteLoginAttempt, loginAttemptsSince, pruneLoginAttempts, recordLoginAttempt } from '../store/login-attempts.store';
import { findUserByEmail } from '../store/users.store';
import { accountAccess, BAD_LOGIN, type AccountsDeps } from './account-access';

/**
 * The attempt is noted before the password check and counted with every other in the window, so
 * parallel guesses count each other too; a match takes only its own note back, never the failures
 * before it, or the owner's daily sign-in would hand a guesser a fresh allowance.
 */
export function logInUser(deps: AccountsDeps) {
  const { db, clock, passwords, stats } = deps;
  const { answer } = accountAccess(deps);
  return async function login(email: string, password: string): Promise<AuthResponse> {
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
  };
}
