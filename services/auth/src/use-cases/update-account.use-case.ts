import type { User } from '@warriors/contracts';
import { toUserResponse, type UserChanges } from '../domain/user';
import type { EventContext } from '../domain/user-events';
import { accountAccess, type AccountsDeps } from './account-access';
import { getCurrentUser } from './get-current-user.use-case';

export function updateAccount(deps: AccountsDeps) {
  const { clock } = deps;
  const { inTransaction, accountId, changeUser } = accountAccess(deps);
  const me = getCurrentUser(deps);
  return async function update(userId: string, changes: UserChanges, context: Omit<EventContext, 'at'>): Promise<User> {
    if (Object.keys(changes).length === 0) return me(userId);
    const id = accountId(userId);
    const user = await inTransaction((trx) => changeUser(trx, id, changes, { ...context, at: clock.now() }));
    return toUserResponse(user);
  };
}
