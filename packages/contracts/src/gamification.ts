import { z } from 'zod';
import { BADGE_CYCLES, BADGE_TYPES } from './badge-types';
import { PictureUrl } from './picture';

/** How a broker's streak counts days: every day, or Monday to Friday (a weekend day neither breaks nor extends it). */
export const StreakMode = z.enum(['daily', 'weekdays'], { message: "Must be 'daily' or 'weekdays'" });
export type StreakMode = z.infer<typeof StreakMode>;

export const BadgeType = z.enum(BADGE_TYPES);
export type BadgeType = z.infer<typeof BadgeType>;

export const Badge = z.object({
  id: z.string(),
  badge_type: BadgeType,
  name: z.string(),
  description: z.string(),
  cycle: z.enum(BADGE_CYCLES),
  repeat_count: z.number().int(),
  repeat: z.number().int(),
  earned_at: z.string(),
});
export type Badge = z.infer<typeof Badge>;

export const BadgeDefinition = z.object({
  key: BadgeType,
  name: z.string(),
  description: z.string(),
  /** Spec shape: cycle daily/weekly/monthly or repeatable; lifetime badges say type 'lifetime'. */
  cycle: z.enum(['daily', 'weekly', 'monthly', 'repeatable', 'lifetime']),
  type: z.enum(['repeatable', 'lifetime']),
  icon: z.string(),
});
export type BadgeDefinition = z.infer<typeof BadgeDefinition>;

export const BadgeDefinitionsResponse = z.object({
  definitions: z.array(BadgeDefinition),
  daily_goal_points: z.number().int(),
});
export type BadgeDefinitionsResponse = z.infer<typeof BadgeDefinitionsResponse>;

export const LEADERBOARD_WINDOWS = ['today', '7d', 'alltime'] as const;
export const LeaderboardWindow = z.enum(LEADERBOARD_WINDOWS, { message: 'window must be one of: today, 7d, alltime' });
export type LeaderboardWindow = z.infer<typeof LeaderboardWindow>;

export const LeaderboardRow = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string(),
  points: z.number().int(),
  profile_picture: PictureUrl.nullable(),
  company: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  last_activity_date: z.string().nullable(),
  rank: z.number().int(),
});
export type LeaderboardRow = z.infer<typeof LeaderboardRow>;

export const MyStanding = z.object({
  rank: z.number().int().nullable(),
  points: z.number().int(),
  gap_to_next: z.number().int().nullable(),
  window: LeaderboardWindow,
});
export type MyStanding = z.infer<typeof MyStanding>;

export const RankChange = z.object({
  new_rank: z.number().int(),
  positions_gained: z.number().int(),
  passed_users: z.array(z.object({ id: z.string(), username: z.string() })),
});
export type RankChange = z.infer<typeof RankChange>;

/**
 * A goal's milestone a log crossed: `percentage` is the threshold (25, 50, 75), `progress` the goal's
 * percent now, rounded down as its ring shows it (what the toast says; absent from results made before it).
 */
export const Milestone = z.object({ percentage: z.number().int(), goal_name: z.string(), remaining: z.number().int(), progress: z.number().int().min(0).max(100).optional() });
export type Milestone = z.infer<typeof Milestone>;

export const CampaignCompleted = z.object({ campaign_name: z.string(), bonus_points: z.number().int(), badge_earned: z.string().nullable() });
export type CampaignCompleted = z.infer<typeof CampaignCompleted>;

/** A consumer's effects for one activity, gathered by the activity instance answering its POST for a bounded wait. */
export const ActivityEffects = z.object({
  activity_id: z.string(),
  source: z.enum(['gamification', 'campaigns']),
  badges: z.array(Badge).default([]),
  milestones: z.array(Milestone).default([]),
  rank_change: RankChange.nullable().default(null),
  campaign_completed: CampaignCompleted.nullable().default(null),
  /** Gamification held the entry above its daily ceiling: what to tell the broker (only gamification says it). */
  held_message: z.string().nullable().optional(),
  /** The user's streak once the entry is in, judged on their local today as /me judges it (only gamification says it). */
  streak_days: z.number().int().nullable().optional(),
});
export type ActivityEffects = z.infer<typeof ActivityEffects>;

/**
 * The transient subject (core NATS, not stored) of every consumer's effects: one message per applied
 * batch of activities, not one per activity, and every activity instance reads each message and keeps
 * the answers of the logs it is waiting on.
 */
export const EFFECTS_SUBJECT = 'effects.activities';

/**
 * The transient subject (core NATS, not stored) on which a gamification instance says, once per batch,
 * that it changed the boards: the other gamification instances drop the answers they made stale, and
 * every social instance tells its sockets 'boards.changed'. A lost notice is never replayed: the
 * caches' second and the dashboards' polls make up for it.
 */
export const BOARDS_CHANGED_SUBJECT = 'gamification.boards.changed';
/** Who sent it, and whose rows changed (their last activity moved), or null when who is shown may have changed. */
export const BoardsChangedNotice = z.object({ from: z.string(), user_ids: z.array(z.string()).nullable() });
export type BoardsChangedNotice = z.infer<typeof BoardsChangedNotice>;

/** One consumer batch's effects; entries are checked one by one, and only by the instance that waits for them. */
export const EffectsBatch = z.object({ effects: z.array(z.unknown()) });
export interface EffectsBatch {
  effects: ActivityEffects[];
}

/**
 * The well-formed effects in an effects message for the activities `wanted` picks: only those
 * entries are checked whole (a consumer that read an event twice may answer twice).
 */
export function effectsIn(payload: unknown, wanted: (activityId: string) => boolean): ActivityEffects[] {
  const batch = EffectsBatch.safeParse(payload);
  if (!batch.success) return [];
  return batch.data.effects.flatMap((entry) => {
    // Only the entry's activity id is read before it is known to be wanted: the rest is checked once, below.
    const activityId = typeof entry === 'object' && entry !== null ? (entry as { activity_id?: unknown }).activity_id : undefined;
    if (typeof activityId !== 'string' || !wanted(activityId)) return [];
    const parsed = ActivityEffects.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}
