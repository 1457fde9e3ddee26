import type { UserSearchResult } from '@warriors/contracts';
import { toSearchResult } from '../domain/user';
import { searchUsers } from '../store/users.store';
import { accountAccess, SEARCH_LIMIT, type AccountsDeps } from './account-access';

export function lookUpUsers(deps: AccountsDeps) {
  const { db } = deps;
  const { requireAccount } = accountAccess(deps);
  return async function search(userId: string, text: string): Promise<UserSearchResult[]> {
    const caller = await requireAccount(userId);
    return (await searchUsers(db, text, caller.id, SEARCH_LIMIT)).map(toSearchResult);
  };
}
