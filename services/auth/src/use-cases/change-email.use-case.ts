import { ACCOUNT_MESSAGES, type User } from '@warriors/contracts';
import { HttpError, unauthorized } from '@warriors/kit';
import { toUserResponse } from '../domain/user';
import { mailRequested } from '../domain/user-events';
import { findUserByEmail, lockUser, updateCredentials } from '../store/users.store';
import { accountAccess, BAD_CREDENTIALS, EMAIL_TAKEN, type AccountsDeps } from './account-access';
import { credentials } from './credentials';

/**
 * A change of address waits for its confirmation: the link goes to the new address, a notice to the
 * old one, and the account keeps its address until the link is opened (verify-email).
 */
export function changeEmail(deps: AccountsDeps) {
  const { clock, passwords, outbox, stats } = deps;
  const { inTransaction, requireAccount } = accountAccess(deps);
  const { sendLink } = credentials(deps);
  return async function change(userId: string, email: string, password: string, requestId: string): Promise<{ user: User }> {
    const current = await requireAccount(userId);
    if (!(await passwords.verify(current.password_hash, password))) throw new HttpError(400, ACCOUNT_MESSAGES.wrongPassword);
    if (email === current.email) throw new HttpError(400, ACCOUNT_MESSAGES.sameEmail);
    if (await findUserByEmail(deps.db, email)) throw new HttpError(400, EMAIL_TAKEN);
    const at = clock.now();
    const context = { at, requestId };
    const user = await inTransaction(async (trx) => {
      const owner = await lockUser(trx, current.id);
      if (!owner) throw unauthorized(BAD_CREDENTIALS);
      const updated = await updateCredentials(trx, owner.id, { pending_email: email }, at);
      if (!updated) throw unauthorized(BAD_CREDENTIALS);
      await sendLink(
        trx,
        updated,
        'email_change',
        email,
        (token) => ({ kind: 'email_change_confirm', to: email, user_id: owner.id, name: owner.name, new_email: email, token }),
        context,
      );
      await outbox.enqueue(trx, mailRequested({ kind: 'email_change_notice', to: owner.email, user_id: owner.id, name: owner.name, new_email: email }, context));
      return updated;
    });
    return { user: toUserResponse(user, await stats(user.id)) };
  };
}
