import type { Badge, CampaignCompleted, LogResult, Milestone, RankChange } from '@warriors/contracts';
import { counted } from '../../lib/counted';

/** The one thing shown after a log: a popup or a toast (spec point 4). */
export type Celebration =
  { kind: 'campaign'; campaign: CampaignCompleted } | { kind: 'badge'; badge: Badge } | { kind: 'milestone'; milestone: Milestone } | { kind: 'rank'; rankChange: RankChange };

export type CelebrationKind = Celebration['kind'];

/**
 * How long each stays: `visibleMs` at full opacity, then a fade until `removeMs` for the toasts
 * (visible 4 s, gone at 4.5 s); the popups simply close.
 */
export const CELEBRATION_TIMING: Record<CelebrationKind, { visibleMs: number; removeMs: number }> = {
  campaign: { visibleMs: 5000, removeMs: 5000 },
  badge: { visibleMs: 3000, removeMs: 3000 },
  milestone: { visibleMs: 4000, removeMs: 4500 },
  rank: { visibleMs: 4000, removeMs: 4500 },
};

type LogEffects = Pick<LogResult, 'campaign_completed' | 'badges' | 'milestones' | 'rank_change'>;

/**
 * Precedence: a completed campaign, else the first new badge, else the milestone with the highest
 * percentage, else a climb in rank; null when the log set off none of them.
 */
export function pickCelebration(result: LogEffects): Celebration | null {
  if (result.campaign_completed) return { kind: 'campaign', campaign: result.campaign_completed };
  const [badge] = result.badges;
  if (badge) return { kind: 'badge', badge };
  const milestone = result.milestones.reduce<Milestone | null>((best, next) => (!best || next.percentage > best.percentage ? next : best), null);
  if (milestone) return { kind: 'milestone', milestone };
  if (result.rank_change && result.rank_change.positions_gained > 0) return { kind: 'rank', rankChange: result.rank_change };
  return null;
}

export function rankChangeHeadline({ positions_gained, new_rank }: RankChange): string {
  return `You climbed ${counted(positions_gained, 'spot')} to #${new_rank}!`;
}

/** 'You passed @a', 'You passed @a and @b', 'You passed @a, @b and 2 more'; null when nobody was named. */
export function passedUsersText({ passed_users }: RankChange): string | null {
  const names = passed_users.map((user) => `@${user.username}`);
  if (names.length === 0) return null;
  if (names.length === 1) return `You passed ${names[0]}`;
  if (names.length === 2) return `You passed ${names[0]} and ${names[1]}`;
  return `You passed ${names[0]}, ${names[1]} and ${names.length - 2} more`;
}
