import { z } from 'zod';
import { Badge, CampaignCompleted, Milestone, RankChange } from './gamification';

/** The eleven scored types of the log panel, then the five challenge invitations mention. */
export const SCORED_ACTIVITY_TYPES = [
  'cold_call',
  'live_conversation',
  'email',
  'meeting',
  'doorknock',
  'direct_mail',
  'referral_source_call',
  'past_client',
  'thank_you_card',
  'social_media',
  'newsletter_sent',
] as const;
export const CHALLENGE_ACTIVITY_TYPES = ['property_tour', 'coffee_meeting', 'listing_presentation', 'deal_closed', 'referral_received'] as const;
export const ACTIVITY_TYPES = [...SCORED_ACTIVITY_TYPES, ...CHALLENGE_ACTIVITY_TYPES] as const;

export const ActivityType = z.enum(ACTIVITY_TYPES, { message: `activity_type must be one of: ${ACTIVITY_TYPES.join(', ')}` });
export type ActivityType = z.infer<typeof ActivityType>;

export interface ActivityDefinition {
  label: string;
  /** Plural used in generated names, e.g. 'Today: 5 Cold Calls'. */
  plural: string;
  points: number;
  /** Logging needs the honor-system confirmation first. */
  honor: boolean;
  /**
   * The most units of this type one broker plausibly logs on one local day (ACTIVITIES.md gives the
   * reasons). An entry that takes the day's logged quantity above it is kept but held off the
   * leaderboards until its broker confirms it.
   */
  dailyCeiling: number;
}

/**
 * Points come from here only, never from a request. Scored types as spec point 3; the five
 * challenge types are valued by the team against them (docs/decisions.md). Daily ceilings:
 * packages/contracts/ACTIVITIES.md.
 */
export const ACTIVITY_CATALOG: Record<ActivityType, ActivityDefinition> = {
  cold_call: { label: 'Cold Call', plural: 'Cold Calls', points: 1, honor: false, dailyCeiling: 300 },
  live_conversation: { label: 'Live Conversation', plural: 'Live Conversations', points: 3, honor: true, dailyCeiling: 100 },
  email: { label: 'Email', plural: 'Emails', points: 1, honor: false, dailyCeiling: 300 },
  meeting: { label: 'Meeting', plural: 'Meetings', points: 10, honor: true, dailyCeiling: 20 },
  doorknock: { label: 'Doorknock', plural: 'Doorknocks', points: 3, honor: false, dailyCeiling: 200 },
  direct_mail: { label: 'Direct Mail', plural: 'Direct Mailers', points: 2, honor: false, dailyCeiling: 500 },
  referral_source_call: { label: 'Referral Source Call', plural: 'Referral Source Calls', points: 2, honor: false, dailyCeiling: 100 },
  past_client: { label: 'Past Client Touch', plural: 'Past Client Touches', points: 2, honor: false, dailyCeiling: 100 },
  thank_you_card: { label: 'Thank You Card', plural: 'Thank You Cards', points: 2, honor: false, dailyCeiling: 50 },
  social_media: { label: 'Social Media Post', plural: 'Social Media Posts', points: 1, honor: false, dailyCeiling: 20 },
  newsletter_sent: { label: 'Newsletter Sent', plural: 'Newsletters Sent', points: 3, honor: false, dailyCeiling: 5 },
  property_tour: { label: 'Property Tour', plural: 'Property Tours', points: 8, honor: true, dailyCeiling: 10 },
  coffee_meeting: { label: 'Coffee Meeting', plural: 'Coffee Meetings', points: 5, honor: true, dailyCeiling: 8 },
  listing_presentation: { label: 'Listing Presentation', plural: 'Listing Presentations', points: 15, honor: true, dailyCeiling: 4 },
  deal_closed: { label: 'Deal Closed', plural: 'Deals Closed', points: 50, honor: true, dailyCeiling: 3 },
  referral_received: { label: 'Referral Received', plural: 'Referrals Received', points: 5, honor: false, dailyCeiling: 10 },
};

export const pointsFor = (type: ActivityType, quantity: number): number => ACTIVITY_CATALOG[type].points * quantity;

export const BULK_MAX_QUANTITY = 100;
export const BULK_NOTE_THRESHOLD = 20;
export const BULK_NOTE_MIN_LENGTH = 10;
export const MESSAGES = {
  honesty: 'Please confirm the accuracy of your entry',
  quantity: 'Quantity must be between 1 and 100',
  note: 'For entries over 20, please provide a brief description (at least 10 characters)',
  honor: 'Please confirm you are working on the honor system',
  held: (type: ActivityType, loggedToday: number, points: number) => {
    const { plural, dailyCeiling } = ACTIVITY_CATALOG[type];
    return (
      `Held for your confirmation: ${loggedToday} ${plural} today is above the daily limit of ${dailyCeiling}. ` +
      `Confirm this entry to add its ${points} points to the leaderboards.`
    );
  },
  directMailQuantity: 'Please enter a valid quantity',
} as const;

/** The header a log request may carry so that a retry of the same action logs once (lower case, as node reads headers). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IdempotencyHeaders = z.object({
  [IDEMPOTENCY_HEADER]: z.string().min(1, 'Idempotency-Key must be 1 to 200 characters').max(200, 'Idempotency-Key must be 1 to 200 characters').optional(),
});

export const LogActivityBody = z.object({ activity_type: ActivityType });
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
