import { z } from 'zod';
import { ACTIVITY_TYPES } from './activity-catalog';
import { Badge, CampaignCompleted, Milestone, RankChange } from './gamification';
import { BULK_MAX_QUANTITY, BULK_NOTE_MIN_LENGTH, BULK_NOTE_THRESHOLD, MESSAGES } from './log-limits';

export const ActivityType = z.enum(ACTIVITY_TYPES, { message: `activity_type must be one of: ${ACTIVITY_TYPES.join(', ')}` });
export type ActivityType = z.infer<typeof ActivityType>;

/** The header a log request may carry so that a retry of the same action logs once (lower case, as node reads headers). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IdempotencyHeaders = z.object({
  [IDEMPOTENCY_HEADER]: z.string().min(1, 'Idempotency-Key must be 1 to 200 characters').max(200, 'Idempotency-Key must be 1 to 200 characters').optional(),
});

/**
 * When the broker tapped, by the device's clock (an entry made offline and sent later): ISO 8601 with
 * a zone offset or Z. The service decides whether it still counts (docs/decisions.md, "An offline
 * entry counts for the day it was made").
 */
export const LoggedAt = z.iso.datetime({ offset: true, message: 'logged_at must be an ISO 8601 date-time with an offset, e.g. 2025-03-12T08:15:00-05:00' });

export const LogActivityBody = z.object({ activity_type: ActivityType, logged_at: LoggedAt.optional() });
export type LogActivityBody = z.infer<typeof LogActivityBody>;

export const BulkActivityBody = z
  .object({
    activity_type: ActivityType,
    quantity: z.number({ message: MESSAGES.quantity }).int(MESSAGES.quantity).min(1, MESSAGES.quantity).max(BULK_MAX_QUANTITY, MESSAGES.quantity),
    note: z
      .string()
      .trim()
      .max(1000, 'Note must be at most 1000 characters')
      .nullish()
      .transform((v) => v || null),
    honesty_confirmed: z.literal(true, { message: MESSAGES.honesty }),
    logged_at: LoggedAt.optional(),
  })
  .superRefine((body, ctx) => {
    // Only a valid quantity needs a note: 101 is refused for its quantity alone.
    if (body.quantity > BULK_NOTE_THRESHOLD && body.quantity <= BULK_MAX_QUANTITY && (body.note ?? '').length < BULK_NOTE_MIN_LENGTH) {
      ctx.addIssue({ code: 'custom', path: ['note'], message: MESSAGES.note });
    }
  });
export type BulkActivityBody = z.input<typeof BulkActivityBody>;

export const Activity = z.object({
  id: z.string(),
  user_id: z.string(),
  activity_type: ActivityType,
  quantity: z.number().int(),
  points: z.number().int(),
  note: z.string().nullable(),
  created_at: z.string(),
  /** The actor's local calendar date (YYYY-MM-DD) in their timezone at logging time. */
  local_date: z.string(),
});
export type Activity = z.infer<typeof Activity>;

export const RecentActivity = z.object({
  /** The entry's id: the {id} of POST /api/recent-activities/{id}/kudos, and its owner may delete it while it is of their local today (DELETE /api/activity/{id}); added to the spec's fields. */
  id: z.string(),
  user_id: z.string(),
  name: z.string(),
  username: z.string(),
  activity_type: ActivityType,
  /** How many the entry counts (a bulk entry or a direct-mail batch: more than 1); added to the spec's fields. */
  quantity: z.number().int().positive(),
  points: z.number().int(),
  created_at: z.string(),
  company: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  rank: z.number().int().nullable(),
  /** How many users gave the entry kudos. */
  kudos: z.number().int().nonnegative(),
  /** Whether the caller gave it kudos (false without a token). */
  kudos_given: z.boolean(),
});
export type RecentActivity = z.infer<typeof RecentActivity>;

export const SUMMARY_WINDOWS = ['today', '7d', 'month', 'all_time'] as const;
export const SummaryQuery = z.object({ window: z.enum(SUMMARY_WINDOWS).default('7d') });
export const FUNNEL_WINDOWS = ['today', '7d', '30d', 'month'] as const;
export const FunnelQuery = z.object({ window: z.enum(FUNNEL_WINDOWS).default('7d') });

export const UserSummary = z.object({
  user: z.object({ id: z.string(), name: z.string(), username: z.string(), timezone: z.string() }),
  window: z.enum(SUMMARY_WINDOWS),
  /** Counts in the window and in the window just before it. */
  activity_counts: z.record(z.string(), z.object({ count: z.number().int(), prev_count: z.number().int() })),
  /** Local date -> points, the last 30 local dates. */
  daily_points: z.record(z.string(), z.number().int()),
  today_points: z.number().int(),
  weekly_points: z.number().int(),
  monthly_points: z.number().int(),
  yearly_points: z.number().int(),
  total_points: z.number().int(),
});
export type UserSummary = z.infer<typeof UserSummary>;

export const FunnelMetrics = z.object({
  window: z.enum(FUNNEL_WINDOWS),
  ratios: z.object({
    call_to_convo: z.number(),
    convo_to_meeting: z.number(),
    outreach_to_convo: z.number(),
    overall_conversion: z.number(),
  }),
  total_outreach: z.number().int(),
  live_conversations: z.number().int(),
  meetings: z.number().int(),
  cold_calls: z.number().int(),
});
export type FunnelMetrics = z.infer<typeof FunnelMetrics>;

/** What POST /api/activity and /api/activity/bulk answer: the activity and what it set off. */
export const LogResult = z.object({
  activity: Activity,
  points_awarded: z.number().int(),
  /**
   * The entry took the day's logged quantity of its type above the catalog's ceiling: it is kept, and
   * its points stay off the leaderboards until the broker confirms it (POST /api/activity/{id}/confirm).
   * False when gamification did not answer in time; GET /api/activity/held is the authority.
   */
  held: z.boolean(),
  /** What to tell the broker about a held entry, null otherwise. */
  held_message: z.string().nullable(),
  badges: z.array(Badge),
  milestones: z.array(Milestone),
  rank_change: RankChange.nullable(),
  campaign_completed: CampaignCompleted.nullable(),
  /**
   * The user's streak after this entry, the number /me reports after it (not in the spec: the web
   * shows it without refetching /me). Null when gamification did not answer in time; /me is then the
   * authority.
   */
  streak_days: z.number().int().nullable(),
});
export type LogResult = z.infer<typeof LogResult>;

/** An entry held off the leaderboards until its broker confirms it (GET /api/activity/held). */
/** The {id} of /api/activity/{id}/confirm: activity ids are UUIDs, so anything else names no activity. */
export const ActivityIdParams = z.object({ id: z.uuid() });

export const HeldActivity = z.object({
  activity_id: z.string(),
  activity_type: ActivityType,
  quantity: z.number().int(),
  points: z.number().int(),
  local_date: z.string(),
  logged_at: z.string(),
  /** False once confirmed (the answer of POST /api/activity/{id}/confirm). */
  held: z.boolean(),
});
export type HeldActivity = z.infer<typeof HeldActivity>;
