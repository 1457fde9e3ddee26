import { ACCOUNT_MESSAGES, type MessageResponse } from '@warriors/contracts';
import { TooManyRequestsError } from '@warriors/kit';
import type { z } from 'zod';
import { addressKey, HOUR_MS, RESET_REQUESTS_PER_HOUR } from '../domain/account-tokens';
import { recordResetRequest } from '../store/account-tokens.store';
import { findUserByEmail } from '../store/users.store';
import { accountAccess, type AccountsDeps } from './account-access';
import { credentials } from './credentials';

/**
 * 'Forgot password?': the same answer, status and work for every address, so it tells nobody which
 * addresses have accounts. Every request is counted by a hash of its address in the transaction that
 * reads the account; a known address gets its reset link and mail in that same transaction.
 */
export function requestPasswordReset(deps: AccountsDeps) {
  const { clock } = deps;
  const { inTransaction } = accountAccess(deps);
  const { sendLink } = credentials(deps);
  return async function forgot(email: string, requestId: string): Promise<z.infer<typeof MessageResponse>> {
    const at = clock.now();
    const refused = await inTransaction(async (trx) => {
      const requests = await recordResetRequest(trx, addressKey(email), at, new Date(at.getTime() - HOUR_MS));
      const user = await findUserByEmail(trx, email);
      if (requests > RESET_REQUESTS_PER_HOUR) return true;
      if (user) {
        await sendLink(trx, user, 'reset', user.email, (token) => ({ kind: 'password_reset', to: user.email, user_id: user.id, name: user.name, token }), { at, requestId });
      }
      return false;
    });
    if (refused) throw new TooManyRequestsError(ACCOUNT_MESSAGES.tooManyForgot, HOUR_MS / 1000);
    return { detail: ACCOUNT_MESSAGES.forgotAccepted };
  };
}
