import type { Campaign, CreateCampaignBody } from '@warriors/contracts';
import type { z } from 'zod';
import { newCustomCampaign } from '../domain/custom';
import { toCampaign } from '../domain/view';
import { insertCustomCampaign } from '../store/campaigns.store';
import { campaignAccess, type CampaignDeps } from './campaign-access';

/** Creates a custom campaign and joins its creator to it at once. */
export function createCampaign({ db, outbox, clock, bus }: CampaignDeps) {
  const { asUser, goalZone, dayEntries, startGoal } = campaignAccess({ db, outbox, bus });
  return async (userId: string, body: z.output<typeof CreateCampaignBody>): Promise<Campaign> => {
    const now = clock.now();
    const timeZone = await goalZone(userId);
    const entries = await dayEntries(userId, timeZone, now);
    const created = await asUser(userId, async (trx) => {
      const campaign = await insertCustomCampaign(
        trx,
        newCustomCampaign({ name: body.name, description: body.description, durationDays: body.duration_days, icon: body.icon, goals: body.goals }, userId),
        now,
      );
      const goal = await startGoal(trx, userId, campaign, now, timeZone, entries);
      // Today's earlier entries may already reach its target.
      return toCampaign(campaign, goal, goal.state.completedAt ? 'completed' : 'active', now);
    });
    outbox.kick();
    return created;
  };
}
