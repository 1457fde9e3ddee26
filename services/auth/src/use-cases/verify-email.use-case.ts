import { ACCOUNT_MESSAGES, type User } from '@warriors/contracts';
import { HttpError } from '@warriors/kit';
import { hashLinkToken } from '../domain/account-tokens';
import { toUserResponse } from '../domain/user';
import { userEmailVerified } from '../domain/user-events';
import { takeAccountToken } from '../store/account-tokens.store';
import { findUserByEmail, lockUser, updateCredentials, uniqueViolation } from '../store/users.store';
import { accountAccess, EMAIL_TAKEN, type AccountsDeps } from './account-access';

/**
 * A verification link (sign-up's or a resend's) marks its address verified; an address change's
 * link applies the change, the new address verified. Either publishes user.email_verified, on which
 * challenges attaches the address's pending email invites.
 */
export function verifyEmail(deps: AccountsDeps) {
  const { clock, outbox, stats } = deps;
  const { inTransaction } = accountAccess(deps);
  return async function verify(token: string, requestId: string): Promise<{ user: User }> {
    const at = clock.now();
    let user;
    try {
      user = await inTransaction(async (trx) => {
        const taken = await takeAccountToken(trx, hashLinkToken(token), ['verify', 'email_change'], at);
        const owner = taken && (await lockUser(trx, taken.user_id));
        if (!taken || !owner) return null;
        if (taken.purpose === 'verify') {
          if (owner.email !== taken.email) return null;
          if (owner.email_verified) return owner;
        } else {
          if (owner.pending_email !== taken.email) return null;
          const holder = await findUserByEmail(trx, taken.email);
          if (holder && holder.id !== owner.id) throw new HttpError(400, EMAIL_TAKEN);
        }
        const updated = await updateCredentials(trx, owner.id, { email: taken.email, email_verified: true, pending_email: null }, at);
        if (!updated) return null;
        await outbox.enqueue(trx, userEmailVerified(updated, { at, requestId }));
        return updated;
      });
    } catch (error) {
      if (uniqueViolation(error) === 'email') throw new HttpError(400, EMAIL_TAKEN);
      throw error;
    }
    if (!user) throw new HttpError(400, ACCOUNT_MESSAGES.verifyInvalid);
    return { user: toUserResponse(user, await stats(user.id)) };
  };
}
