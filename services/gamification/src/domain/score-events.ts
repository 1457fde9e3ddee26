import { campaignCompletedEventId, newEvent, pointsAwardedEventId, rankChangedEventId, streakChangedEventId, type EventOf, type RankChange } from '@warriors/contracts';
import type { StreakChange } from './streak';

/** Points that entered a user's ledger; ids derive from the source, so a redelivery repeats the id. */
interface Award {
  user_id: string;
  points: number;
  local_date: string;
}

export const activityPointsAwarded = (award: Award & { activity_id: string }, at: Date, requestId?: string): EventOf<'points.awarded'> =>
  newEvent(
    'points.awarded',
    { user_id: award.user_id, points: award.points, reason: 'activity', activity_id: award.activity_id, local_date: award.local_date, awarded_at: at.toISOString() },
    { id: pointsAwardedEventId(award.activity_id), at, requestId },
  );

/** A deleted entry's points taken back off the ledger (negative), after the boards took them back. */
export const reversalPointsAwarded = (award: Award & { activity_id: string }, at: Date, requestId?: string): EventOf<'points.awarded'> =>
  newEvent(
    'points.awarded',
    { user_id: award.user_id, points: award.points, reason: 'reversal', activity_id: award.activity_id, local_date: award.local_date, awarded_at: at.toISOString() },
    { id: `points.awarded:reversal:${award.activity_id}`, at, requestId },
  );

/** A re-opened goal's bonus taken back off the ledger (negative), after the boards took it back; `activity_id` is the undone entry. */
export const bonusReversalPointsAwarded = (award: Award & { source_id: string; activity_id: string }, at: Date, requestId?: string): EventOf<'points.awarded'> =>
  newEvent(
    'points.awarded',
    { user_id: award.user_id, points: award.points, reason: 'reversal', activity_id: award.activity_id, local_date: award.local_date, awarded_at: at.toISOString() },
    { id: `points.awarded:reversal:${award.source_id}`, at, requestId },
  );

/** `campaign.completed:` as campaignCompletedEventId spells it, read off the contract so the two cannot drift. */
const BONUS_SOURCE_PREFIX = campaignCompletedEventId(0).replace(/0$/, '');

/** A campaign bonus's ledger row is keyed by its campaign.completed id, which carries the user campaign. */
export function bonusPointsAwarded(award: Award & { source_id: string }, at: Date): EventOf<'points.awarded'> {
  const userCampaignId = award.source_id.slice(BONUS_SOURCE_PREFIX.length);
  return newEvent(
    'points.awarded',
    { user_id: award.user_id, points: award.points, reason: 'campaign_bonus', activity_id: null, local_date: award.local_date, awarded_at: at.toISOString() },
    { id: `points.awarded:campaign:${userCampaignId}`, at },
  );
}

export const streakChanged = (change: StreakChange, at: Date, requestId?: string): EventOf<'streak.changed'> =>
  newEvent('streak.changed', change, { id: streakChangedEventId(change.user_id, change.local_date), at, requestId });

export const rankChanged = (activityId: string, userId: string, localDate: string, change: RankChange, at: Date, requestId?: string): EventOf<'rank.changed'> =>
  newEvent(
    'rank.changed',
    {
      user_id: userId,
      window: 'today',
      local_date: localDate,
      new_rank: change.new_rank,
      positions_gained: change.positions_gained,
      passed_users: change.passed_users.map(({ id, username }) => ({ id, username })),
    },
    { id: rankChangedEventId(activityId), at, requestId },
  );
