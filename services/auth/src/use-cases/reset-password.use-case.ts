import { ACCOUNT_MESSAGES, type AuthResponse } from '@warriors/contracts';
import { HttpError } from '@warriors/kit';
import { hashLinkToken } from '../domain/account-tokens';
import { userEmailVerified } from '../domain/user-events';
import { takeAccountToken } from '../store/account-tokens.store';
import { lockUser } from '../store/users.store';
import { accountAccess, type AccountsDeps } from './account-access';
import { credentials } from './credentials';

/**
 * A reset link's new password: every other session signed out, the broker signed in here. Opening
 * the mailed link proves the mailbox, so an unverified address becomes verified.
 */
export function resetPassword(deps: AccountsDeps) {
  const { clock, passwords, outbox, stats } = deps;
  const { inTransaction, answer } = accountAccess(deps);
  const { setPassword } = credentials(deps);
  return async function reset(token: string, password: string, requestId: string): Promise<AuthResponse> {
    const passwordHash = await passwords.hash(password);
    const at = clock.now();
    const user = await inTransaction(async (trx) => {
      const taken = await takeAccountToken(trx, hashLinkToken(token), ['reset'], at);
      const owner = taken && (await lockUser(trx, taken.user_id));
      // A link for an address the account no longer has proves nothing about it.
      if (!taken || !owner || owner.email !== taken.email) return null;
      const updated = await setPassword(trx, owner, passwordHash, { email_verified: true }, { at, requestId });
      if (!owner.email_verified) await outbox.enqueue(trx, userEmailVerified(updated, { at, requestId }));
      return updated;
    });
    if (!user) throw new HttpError(400, ACCOUNT_MESSAGES.resetInvalid);
    return answer(user, await stats(user.id));
  };
}
