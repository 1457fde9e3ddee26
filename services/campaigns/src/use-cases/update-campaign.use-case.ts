import { GOAL_MESSAGES, type Campaign, type UpdateCampaignBody } from '@warriors/contracts';
import { forbidden } from '@warriors/kit';
import type { z } from 'zod';
import { applyUpdate } from '../domain/custom';
import { retarget } from '../domain/goal';
import { isActive, isResumable, toCampaign, type UserGoal } from '../domain/view';
import { updateCustomCampaign } from '../store/campaigns.store';
import { goalsOf, saveGoal } from '../store/goals.store';
import { campaignAccess, type CampaignDeps } from './campaign-access';

/** The creator's edit: the campaign, and their open goal of it, re-evaluated against the new target. */
export function updateCampaign({ db, outbox, clock, bus }: CampaignDeps) {
  const { visibleCampaign, asUser, completeAfterEdit } = campaignAccess({ db, outbox, bus });
  return async (userId: string, id: number, body: z.output<typeof UpdateCampaignBody>): Promise<Campaign> => {
    const now = clock.now();
    const result = await asUser(userId, async (trx) => {
      const campaign = await visibleCampaign(trx, userId, id);
      if (campaign.kind !== 'custom' || campaign.creatorId !== userId) throw forbidden(GOAL_MESSAGES.notCreator);
      const updated = applyUpdate(campaign, body);
      await updateCustomCampaign(trx, updated);
      const open = (await goalsOf(trx, userId)).find((g) => g.campaign.id === id && (isActive(g, now) || isResumable(g, now)));
      if (!open) return toCampaign(updated, null, 'available', now);
      // A goal the creator left takes the new target too, but completes only once it is pursued again.
      const { goal: state, completed } = isActive(open, now)
        ? retarget(open.state, updated.target, updated.name, updated.durationDays, now)
        : { goal: { ...open.state, target: updated.target, name: updated.name, durationDays: updated.durationDays }, completed: false };
      const goal: UserGoal = { ...open, campaign: updated, state };
      await saveGoal(trx, goal);
      if (completed) await completeAfterEdit(trx, goal, now);
      return toCampaign(updated, goal, completed ? 'completed' : isActive(goal, now) ? 'active' : 'available', now);
    });
    outbox.kick();
    return result;
  };
}
