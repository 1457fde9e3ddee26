import { campaignCompletedEventId, newEvent, type EventOf } from '@warriors/contracts';
import type { UserGoal } from './view';

/**
 * campaign.completed for a goal. Its id is derived from the goal, so the event exists once per goal
 * whatever redelivers the activity that completed it (the inbox stops a second application; the id
 * stops a second publish at the broker and in gamification's inbox).
 */
export const campaignCompleted = (
  goal: UserGoal,
  context: { activityId: string | null; localDate: string; timezone: string; requestId?: string },
): EventOf<'campaign.completed'> => {
  const completedAt = goal.state.completedAt!.toISOString();
  return newEvent(
    'campaign.completed',
    {
      user_id: goal.userId,
      campaign_id: goal.campaign.id,
      user_campaign_id: goal.id,
      campaign_name: goal.state.name,
      bonus_points: goal.campaign.bonusPoints,
      badge_earned: goal.campaign.badgeName,
      activity_id: context.activityId,
      completed_at: completedAt,
      local_date: context.localDate,
      timezone: context.timezone,
    },
    { id: campaignCompletedEventId(goal.id), at: completedAt, requestId: context.requestId },
  );
};
