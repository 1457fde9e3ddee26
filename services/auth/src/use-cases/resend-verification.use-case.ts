import { ACCOUNT_MESSAGES, type MessageResponse } from '@warriors/contracts';
import { HttpError, TooManyRequestsError, unauthorized } from '@warriors/kit';
import type { z } from 'zod';
import { HOUR_MS, VERIFY_SENDS_PER_HOUR } from '../domain/account-tokens';
import { countAccountTokensSince } from '../store/account-tokens.store';
import { lockUser } from '../store/users.store';
import { accountAccess, BAD_CREDENTIALS, type AccountsDeps } from './account-access';
import { credentials } from './credentials';

/** The dashboard banner's 'Resend': a new verification link, the older ones voided; a few an hour. */
export function resendVerification(deps: AccountsDeps) {
  const { clock } = deps;
  const { inTransaction, accountId } = accountAccess(deps);
  const { sendVerification } = credentials(deps);
  return async function resend(userId: string, requestId: string): Promise<z.infer<typeof MessageResponse>> {
    const at = clock.now();
    await inTransaction(async (trx) => {
      const user = await lockUser(trx, accountId(userId));
      if (!user) throw unauthorized(BAD_CREDENTIALS);
      if (user.email_verified) throw new HttpError(409, ACCOUNT_MESSAGES.alreadyVerified);
      if ((await countAccountTokensSince(trx, user.id, 'verify', new Date(at.getTime() - HOUR_MS))) >= VERIFY_SENDS_PER_HOUR) {
        throw new TooManyRequestsError(ACCOUNT_MESSAGES.tooManyResend, HOUR_MS / 1000);
      }
      await sendVerification(trx, user, { at, requestId });
    });
    return { detail: ACCOUNT_MESSAGES.verifySent };
  };
}
