import { isUserId, type CampaignList } from '@warriors/contracts';
import type { CampaignDeps } from './campaign-access';
import { listCampaigns } from './list-campaigns.use-case';

/** A user's active goals, as their campaign list shows them, for the coach. */
export function listActiveGoals(deps: CampaignDeps) {
  const list = listCampaigns(deps);
  return async (userId: string): Promise<CampaignList['active']> =>
    // A text that is no user id has no goals: it never reaches SQL.
    isUserId(userId) ? (await list(userId)).active : [];
}
