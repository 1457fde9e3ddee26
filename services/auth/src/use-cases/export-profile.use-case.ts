import type { ExportProfile } from '@warriors/contracts';
import { toExportProfile } from '../domain/user';
import { accountAccess, type AccountsDeps } from './account-access';

/** The caller's account for 'Download my data' (me.json's `profile`); a deleted account's token is refused. */
export function exportProfile(deps: AccountsDeps) {
  const { requireAccount } = accountAccess(deps);
  return async (userId: string): Promise<ExportProfile> => toExportProfile(await requireAccount(userId));
}
