import { z } from 'zod';
import { FunnelMetrics } from './activity';
import { BADGE_CYCLES } from './badge-types';
import { BadgeType } from './gamification';

/** Spec point 9: the Daily Points vs Goal chart covers the last 30 local days. */
export const STATS_CHART_DAYS = 30;

/** Units logged per activity type in a window and in the window just before it (absent types: none logged). */
const CountsWithPrevious = z.record(z.string(), z.object({ count: z.number().int(), prev_count: z.number().int() }));

/**
 * GET /api/users/{id}/stats (activity; the caller's own id only): every number of the My Stats screen
 * activity owns, in one read, on the user's local days. "month" is the local calendar month so far
 * (its previous window: the month before, up to the same day).
 */
export const UserStats = z.object({
  timezone: z.string(),
  /** The user's local date the figures were read on. */
  local_date: z.string(),
  today_points: z.number().int(),
  /** The local week from Monday, the local calendar month and year, and all time. */
  weekly_points: z.number().int(),
  monthly_points: z.number().int(),
  yearly_points: z.number().int(),
  total_points: z.number().int(),
  /** Local date -> points, each of the last STATS_CHART_DAYS local dates (oldest first, zeros included). */
  daily_points: z.array(z.object({ date: z.string(), points: z.number().int() })).length(STATS_CHART_DAYS),
  activity_counts: z.object({ today: CountsWithPrevious, '7d': CountsWithPrevious, month: CountsWithPrevious, all_time: CountsWithPrevious }),
  funnel: z.object({ today: FunnelMetrics, '7d': FunnelMetrics, month: FunnelMetrics }),
});
export type UserStats = z.infer<typeof UserStats>;

/**
 * How far a user is from a badge they have not earned in its current cycle (GET /api/badges/progress,
 * gamification), judged by the same rules that award it. `text` is the line shown under the badge,
 * e.g. '12 more cold calls to Call Crusher' or 'Streak 4 of 7 days'.
 */
export const BadgeProgress = z.object({
  badge_type: BadgeType,
  name: z.string(),
  cycle: z.enum(BADGE_CYCLES),
  current: z.number().int().nonnegative(),
  target: z.number().int().positive(),
  remaining: z.number().int().nonnegative(),
  text: z.string(),
});
export type BadgeProgress = z.infer<typeof BadgeProgress>;
export const BadgeProgressList = z.array(BadgeProgress);
