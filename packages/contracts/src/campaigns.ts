import { z } from 'zod';
import { ActivityType } from './activity';
import { CAMPAIGN_ICONS, DEFAULT_CAMPAIGN_DURATION, GOAL_CATEGORIES, GOAL_COUNT_MAX, GOAL_DURATION_MAX, GOAL_DURATION_MIN, GOAL_MESSAGES } from './goal-options';

/** Icons a goal may carry: the ten of spec point 9, then the two more the stats screen offers. */
export const CampaignIcon = z.enum(CAMPAIGN_ICONS, { message: `icon must be one of: ${CAMPAIGN_ICONS.join(', ')}` });
export type CampaignIcon = z.infer<typeof CampaignIcon>;

export const GoalItem = z.object({
  type: ActivityType,
  count: z.number({ message: GOAL_MESSAGES.count }).int(GOAL_MESSAGES.count).min(1, GOAL_MESSAGES.count).max(GOAL_COUNT_MAX, GOAL_MESSAGES.count),
});
export type GoalItem = z.infer<typeof GoalItem>;

const EditGoalItem = z.object({
  type: ActivityType,
  count: z.number({ message: GOAL_MESSAGES.editCount }).int(GOAL_MESSAGES.editCount).min(0, GOAL_MESSAGES.editCount).max(GOAL_COUNT_MAX, GOAL_MESSAGES.editCount),
});

const uniqueTypes = (goals: ReadonlyArray<{ type: ActivityType }>, ctx: z.RefinementCtx, path: string) => {
  const seen = new Set<ActivityType>();
  goals.forEach((goal, index) => {
    if (seen.has(goal.type)) ctx.addIssue({ code: 'custom', path: [path, index, 'type'], message: GOAL_MESSAGES.duplicateType });
    seen.add(goal.type);
  });
};

const OptionalName = z
  .string()
  .trim()
  .max(120, 'Name must be at most 120 characters')
  .nullish()
  .transform((v) => v || null);
const Duration = z
  .number({ message: GOAL_MESSAGES.duration })
  .int(GOAL_MESSAGES.duration)
  .min(GOAL_DURATION_MIN, GOAL_MESSAGES.duration)
  .max(GOAL_DURATION_MAX, GOAL_MESSAGES.duration);

/** POST /api/campaigns (dashboard, with icon) and POST /api/campaigns/create (goals screen). A blank name is generated. */
export const CreateCampaignBody = z
  .object({
    name: OptionalName,
    description: z
      .string()
      .trim()
      .max(500, 'Description must be at most 500 characters')
      .nullish()
      .transform((v) => v || null),
    duration_days: Duration.default(DEFAULT_CAMPAIGN_DURATION),
    icon: CampaignIcon.default('target'),
    goals: z.array(GoalItem, { message: GOAL_MESSAGES.selectActivityWithCount }).min(1, GOAL_MESSAGES.selectActivityWithCount),
  })
  .superRefine((body, ctx) => uniqueTypes(body.goals, ctx, 'goals'));
export type CreateCampaignBody = z.input<typeof CreateCampaignBody>;

interface GoalEdits {
  goals?: Array<{ type: ActivityType; count: number }> | undefined;
  activity_goals?: Array<{ type: ActivityType; count: number }> | Partial<Record<ActivityType, number>> | undefined;
}

/** The goals an edit sends, as a list whichever form it used; undefined when it sends none. */
function editedGoals({ goals, activity_goals }: GoalEdits): Array<{ type: ActivityType; count: number }> | undefined {
  if (goals) return goals;
  if (!activity_goals || Array.isArray(activity_goals)) return activity_goals;
  return (Object.entries(activity_goals) as Array<[ActivityType, number]>).map(([type, count]) => ({ type, count }));
}

/**
 * PUT /api/campaigns/{id}: the goals screen sends goals[{type,count}], the stats screen activity_goals
 * (a map type -> count, or the same list). Count 0 removes an activity; at least one must remain.
 */
export const UpdateCampaignBody = z
  .object({
    name: OptionalName,
    description: z.string().trim().max(500, 'Description must be at most 500 characters').nullish(),
    duration_days: Duration.optional(),
    icon: CampaignIcon.optional(),
    goals: z.array(EditGoalItem).optional(),
    activity_goals: z
      .union([
        z.array(EditGoalItem),
        // partialRecord: a map naming only the activities it changes (zod 4's record over an enum wants every key).
        z.partialRecord(
          ActivityType,
          z.number({ message: GOAL_MESSAGES.editCount }).int(GOAL_MESSAGES.editCount).min(0, GOAL_MESSAGES.editCount).max(GOAL_COUNT_MAX, GOAL_MESSAGES.editCount),
        ),
      ])
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (body.goals) uniqueTypes(body.goals, ctx, 'goals');
    if (Array.isArray(body.activity_goals)) uniqueTypes(body.activity_goals, ctx, 'activity_goals');
    const given = editedGoals(body);
    if (given && !given.some((goal) => goal.count > 0)) {
      ctx.addIssue({ code: 'custom', path: [body.goals ? 'goals' : 'activity_goals'], message: GOAL_MESSAGES.atLeastOneGoal });
    }
  });
export type UpdateCampaignBody = z.input<typeof UpdateCampaignBody>;

/** The goals an update leaves, zero counts dropped; undefined when the update does not touch them. */
export function updatedGoals(body: z.output<typeof UpdateCampaignBody>): GoalItem[] | undefined {
  return editedGoals(body)?.filter((goal) => goal.count > 0);
}

/** Campaign and goal ids are PostgreSQL integers: a larger number names nothing and must not reach SQL (it was a 500). */
export const MAX_CAMPAIGN_ID = 2 ** 31 - 1;

export const CampaignIdParam = z.object({
  id: z.coerce
    .number({ message: 'Invalid campaign ID' })
    .int({ message: 'Invalid campaign ID', abort: true })
    .positive({ message: 'Invalid campaign ID', abort: true })
    .max(MAX_CAMPAIGN_ID, 'Invalid campaign ID'),
});

export const CAMPAIGN_KINDS = ['prebuilt', 'power', 'custom'] as const;
export type CampaignKind = (typeof CAMPAIGN_KINDS)[number];
export const CAMPAIGN_STATUSES = ['available', 'active', 'completed'] as const;

export const ActivityBreakdownItem = z.object({ type: ActivityType, current: z.number().int(), target: z.number().int() });

/** A campaign as a user sees it: the definition and, once joined, that user's goal (progress, dates). */
export const Campaign = z.object({
  id: z.number().int(),
  campaign_id: z.number().int(),
  /** The user's goal row (join); null while only available. goal_id is the same value. */
  user_campaign_id: z.number().int().nullable(),
  goal_id: z.number().int().nullable(),
  name: z.string(),
  campaign_name: z.string(),
  description: z.string(),
  icon: CampaignIcon,
  kind: z.enum(CAMPAIGN_KINDS),
  status: z.enum(CAMPAIGN_STATUSES),
  duration_days: z.number().int(),
  category: z.enum(GOAL_CATEGORIES),
  /** A single activity type, 'power_challenge' (points), or the list of {type,count} of a multi-activity goal. */
  goal_type: z.union([ActivityType, z.literal('power_challenge'), z.array(GoalItem)]),
  /** The single activity type, else null. */
  activity_type: ActivityType.nullable(),
  /** Sum of the targets (points for a power challenge). */
  goal_count: z.number().int(),
  /** Sum of min(current, target) per activity (points for a power challenge). Complete when >= goal_count. */
  progress: z.number().int(),
  started_at: z.string().nullable(),
  /** The end of the goal's last local day (its owner's midnight, in the zone it started in); activities count up to it, exclusive. */
  ends_at: z.string().nullable(),
  /** The goal's local days from today to its last, both counted; 0 once it has ended. */
  days_remaining: z.number().int().nullable(),
  completed_at: z.string().nullable(),
  bonus_points: z.number().int(),
  /** The custom campaign's author; null for the catalog's campaigns. */
  creator_id: z.string().nullable(),
  is_auto_generated: z.boolean(),
  activity_breakdown: z.array(ActivityBreakdownItem),
});
export type Campaign = z.infer<typeof Campaign>;

export const CampaignList = z.object({ available: z.array(Campaign), active: z.array(Campaign), completed: z.array(Campaign) });
export type CampaignList = z.infer<typeof CampaignList>;
