import type { AuthResponse } from '@warriors/contracts';
import { unauthorized } from '@warriors/kit';
import { lockUser } from '../store/users.store';
import { accountAccess, BAD_CREDENTIALS, type AccountsDeps } from './account-access';
import { credentials } from './credentials';

/** 'Sign out of all devices': every token signed so far stops working; the device that asked gets a new one. */
export function revokeAllSessions(deps: AccountsDeps) {
  const { clock, stats } = deps;
  const { inTransaction, accountId, answer } = accountAccess(deps);
  const { revokeSessions } = credentials(deps);
  return async function revoke(userId: string, requestId: string): Promise<AuthResponse> {
    const at = clock.now();
    const user = await inTransaction(async (trx) => {
      const owner = await lockUser(trx, accountId(userId));
      if (!owner) throw unauthorized(BAD_CREDENTIALS);
      return revokeSessions(trx, owner, {}, { at, requestId });
    });
    return answer(user, await stats(user.id));
  };
}
