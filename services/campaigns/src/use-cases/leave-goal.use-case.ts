import { notFound } from '@warriors/kit';
import { isActive } from '../domain/view';
import { findGoal, saveGoal } from '../store/goals.store';
import { campaignAccess, LEFT_GOAL, GOAL_NOT_FOUND, type CampaignDeps } from './campaign-access';

/** Leaves a goal by its user_campaign_id; progress stays and joining again inside the window resumes it. */
export function leaveGoal({ db, outbox, clock, bus }: CampaignDeps) {
  const { asUser } = campaignAccess({ db, outbox, bus });
  return async (userId: string, goalId: number): Promise<{ detail: string }> => {
    const now = clock.now();
    return asUser(userId, async (trx) => {
      const goal = await findGoal(trx, goalId);
      // Someone else's goal is not theirs to see: the same answer as a missing one.
      if (!goal || goal.userId !== userId || !isActive(goal, now)) throw notFound(GOAL_NOT_FOUND);
      await saveGoal(trx, { ...goal, leftAt: now });
      return { detail: LEFT_GOAL };
    });
  };
}
