import { unauthorized } from '@warriors/kit';
import { userDeleted, type EventContext } from '../domain/user-events';
import { deleteUser } from '../store/users.store';
import { accountAccess, BAD_CREDENTIALS, type AccountsDeps } from './account-access';

export function deleteAccount(deps: AccountsDeps) {
  const { outbox, clock } = deps;
  const { inTransaction, accountId } = accountAccess(deps);
  return async function deleteAccount(userId: string, context: Omit<EventContext, 'at'>): Promise<void> {
    const id = accountId(userId);
    await inTransaction(async (trx) => {
      if (!(await deleteUser(trx, id))) throw unauthorized(BAD_CREDENTIALS);
      await outbox.enqueue(trx, userDeleted(id, { ...context, at: clock.now() }));
    });
  };
}
