import { ACCOUNT_MESSAGES, type AuthResponse } from '@warriors/contracts';
import { HttpError, unauthorized } from '@warriors/kit';
import { lockUser } from '../store/users.store';
import { accountAccess, BAD_CREDENTIALS, type AccountsDeps } from './account-access';
import { credentials } from './credentials';

/** Settings' password change: every other session signed out, this one answered a new token. */
export function changePassword(deps: AccountsDeps) {
  const { clock, passwords, stats } = deps;
  const { inTransaction, requireAccount, answer } = accountAccess(deps);
  const { setPassword } = credentials(deps);
  return async function change(userId: string, currentPassword: string, newPassword: string, requestId: string): Promise<AuthResponse> {
    const current = await requireAccount(userId);
    if (!(await passwords.verify(current.password_hash, currentPassword))) throw new HttpError(400, ACCOUNT_MESSAGES.wrongCurrentPassword);
    const passwordHash = await passwords.hash(newPassword);
    const at = clock.now();
    const user = await inTransaction(async (trx) => {
      const owner = await lockUser(trx, current.id);
      if (!owner) throw unauthorized(BAD_CREDENTIALS);
      return setPassword(trx, owner, passwordHash, {}, { at, requestId });
    });
    return answer(user, await stats(user.id));
  };
}
