import { campaignCompletedEventId, campaignReopenedEventId, newEvent, type EventOf } from '@warriors/contracts';
import type { UserGoal } from './view';

/**
 * campaign.completed for a goal's latest completion. Its id is derived from the goal and the
 * completion's number, so the event exists once per completion whatever redelivers the activity that completed it (the inbox stops a second application; the id
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
    { id: campaignCompletedEventId(goal.id, goal.state.completions), at: completedAt, requestId: context.requestId },
  );
};

/**
 * campaign.reopened for a goal an undone entry took below its target: `completion` is the number of
 * the completion undone, whose campaign.completed bonus gamification takes back.
 */
export const campaignReopened = (goal: UserGoal, completion: number, context: { activityId: string; at: Date; requestId?: string }): EventOf<'campaign.reopened'> =>
  newEvent(
    'campaign.reopened',
    {
      user_id: goal.userId,
      campaign_id: goal.campaign.id,
      user_campaign_id: goal.id,
      campaign_name: goal.state.name,
      completed_event_id: campaignCompletedEventId(goal.id, completion),
      bonus_points: goal.campaign.bonusPoints,
      activity_id: context.activityId,
      reopened_at: context.at.toISOString(),
    },
    { id: campaignReopenedEventId(goal.id, completion), at: context.at, requestId: context.requestId },
  );
