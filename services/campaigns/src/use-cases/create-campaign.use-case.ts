import type { Campaign, CreateCampaignBody } from '@warriors/contracts';
import type { z } from 'zod';
import { newCustomCampaign } from '../domain/custom';
import { toCampaign } from '../domain/view';
import { insertCustomCampaign } from '../store/campaigns.store';
import { campaignAccess, type CampaignDeps } from './campaign-access';

/** Creates a custom campaign and joins its creator to it at once. */
export function createCampaign({ db, outbox, clock, bus }: CampaignDeps) {
  const { asUser, goalZone, startGoal } = campaignAccess({ db, outbox, bus });
  return async (userId: string, body: z.output<typeof CreateCampaignBody>): Promise<Campaign> => {
    const now = clock.now();
    const timeZone = await goalZone(userId);
    return asUser(userId, async (trx) => {
      const campaign = await insertCustomCampaign(
        trx,
        newCustomCampaign({ name: body.name, description: body.description, durationDays: body.duration_days, icon: body.icon, goals: body.goals }, userId),
        now,
      );
      const goal = await startGoal(trx, userId, campaign, now, timeZone);
      return toCampaign(campaign, goal, 'active', now);
    });
  };
}
