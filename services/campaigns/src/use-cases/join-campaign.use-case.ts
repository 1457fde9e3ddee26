import type { Campaign } from '@warriors/contracts';
import { toCampaign } from '../domain/view';
import { campaignAccess, type CampaignDeps } from './campaign-access';

export function joinCampaign({ db, outbox, clock, bus }: CampaignDeps) {
  const { visibleCampaign, asUser, goalZone, dayEntries, startGoal } = campaignAccess({ db, outbox, bus });
  return async (userId: string, id: number): Promise<Campaign> => {
    const now = clock.now();
    const timeZone = await goalZone(userId);
    const entries = await dayEntries(userId, timeZone, now);
    const joined = await asUser(userId, async (trx) => {
      const campaign = await visibleCampaign(trx, userId, id);
      const goal = await startGoal(trx, userId, campaign, now, timeZone, entries);
      return toCampaign(goal.campaign, goal, goal.state.completedAt ? 'completed' : 'active', now);
    });
    // A resumed goal may have completed: its event leaves now rather than at the next poll.
    outbox.kick();
    return joined;
  };
}
