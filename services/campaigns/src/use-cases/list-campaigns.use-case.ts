import type { CampaignList } from '@warriors/contracts';
import { CATALOG } from '../domain/catalog';
import { campaignList } from '../domain/view';
import { customCampaignsOf } from '../store/campaigns.store';
import { goalsOf } from '../store/goals.store';
import type { CampaignDeps } from './campaign-access';

export function listCampaigns({ db, clock }: CampaignDeps) {
  return async (userId: string): Promise<CampaignList> => {
    const [custom, goals] = await Promise.all([customCampaignsOf(db, userId), goalsOf(db, userId)]);
    return campaignList(CATALOG, custom, goals, clock.now());
  };
}
