import type { User } from '@warriors/contracts';
import { toUserResponse } from '../domain/user';
import { accountAccess, type AccountsDeps } from './account-access';

export function getCurrentUser(deps: AccountsDeps) {
  const { stats } = deps;
  const { requireAccount } = accountAccess(deps);
  return async function me(userId: string): Promise<User> {
    const user = await requireAccount(userId);
    return toUserResponse(user, await stats(user.id));
  };
}
