import { GOAL_MESSAGES } from '@warriors/contracts';
import { notFound } from '@warriors/kit';
import { isActive } from '../domain/view';
import { deleteCustomCampaign } from '../store/campaigns.store';
import { goalsOf, saveGoal } from '../store/goals.store';
import { campaignAccess, LEFT_GOAL, GOAL_NOT_FOUND, type CampaignDeps } from './campaign-access';

/** The creator deletes their custom campaign (their open goal of it ends); anyone else leaves their goal of it. */
export function deleteCampaign({ db, outbox, clock, bus }: CampaignDeps) {
  const { visibleCampaign, asUser } = campaignAccess({ db, outbox, bus });
  return async (userId: string, id: number): Promise<{ detail: string }> => {
    const now = clock.now();
    return asUser(userId, async (trx) => {
      const campaign = await visibleCampaign(trx, userId, id);
      const open = (await goalsOf(trx, userId)).find((g) => g.campaign.id === id && isActive(g, now));
      if (campaign.kind === 'custom' && campaign.creatorId === userId) {
        await deleteCustomCampaign(trx, id, now);
        if (open) await saveGoal(trx, { ...open, leftAt: now });
        return { detail: GOAL_MESSAGES.deleted };
      }
      if (!open) throw notFound(GOAL_NOT_FOUND);
      await saveGoal(trx, { ...open, leftAt: now });
      return { detail: LEFT_GOAL };
    });
  };
}
