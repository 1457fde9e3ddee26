import { z } from 'zod';
import { FunnelMetrics } from './activity';
import { Campaign } from './campaigns';
import { DASHBOARD_COUNT_MAX } from './goal-options';
import { MyStanding } from './gamification';
import { ActivityCountsByWindow } from './social';

/**
 * How much of the broker's own data the plan stands on, computed from their activity, never by the
 * model: NO_DATA without any activity in the last 30 local days, LOW_DATA under LOW_DATA_THRESHOLD
 * units logged in them, GOOD otherwise.
 */
export const DATA_QUALITIES = ['NO_DATA', 'LOW_DATA', 'GOOD'] as const;
export const DataQuality = z.enum(DATA_QUALITIES);
export type DataQuality = z.infer<typeof DataQuality>;

/** Units logged in the last 30 local days under which rates are too thin to plan on (docs/decisions.md). */
export const LOW_DATA_THRESHOLD = 30;

export function dataQualityOf(unitsLast30Days: number): DataQuality {
  if (unitsLast30Days <= 0) return 'NO_DATA';
  return unitsLast30Days < LOW_DATA_THRESHOLD ? 'LOW_DATA' : 'GOOD';
}

const Line = z.string().trim().min(1).max(600);
const Lines = (max: number) => z.array(Line).min(1).max(max);

/** What the model writes for GET /api/daily-accountability (its structured output, validated whole). */
export const CoachingPlan = z.object({
  title: z.string().trim().min(1).max(160),
  accountability: z.string().trim().min(1).max(2000),
  creCoaching: Lines(8),
  appGuidance: Lines(8),
  quickChecklist: Lines(10),
  leaderboardPlan: z.object({ stepByStep: Lines(10) }),
});
export type CoachingPlan = z.infer<typeof CoachingPlan>;

/** GET /api/daily-accountability: the model's plan with the data quality the service computed. */
export const DailyAccountability = CoachingPlan.extend({ dataQuality: DataQuality });
export type DailyAccountability = z.infer<typeof DailyAccountability>;

const Target = z.number().int().min(0).max(DASHBOARD_COUNT_MAX);

export const AiGoalTargets = z.object({
  points_target: z.number().int().min(0).max(10_000),
  calls: Target,
  conversations: Target,
  meetings_set: Target,
  emails: Target,
  referrals_pastclients: Target,
  thank_you_cards: Target,
  social_actions: Target,
});
export type AiGoalTargets = z.infer<typeof AiGoalTargets>;

/** POST /api/ai/goal/today (spec point 3): today's recommended goal, sized from the broker's own rates. */
export const AiGoal = z.object({
  title: z.string().trim().min(1).max(120),
  why_today: z.string().trim().min(1).max(1000),
  targets: AiGoalTargets,
  sprints: z
    .array(z.object({ label: z.string().trim().min(1).max(80), focus: z.string().trim().min(1).max(400) }))
    .min(1)
    .max(6),
});
export type AiGoal = z.infer<typeof AiGoal>;

/** The schemas of the questions the coaching service asks (BUS_QUESTIONS; their subjects stay off the event stream's). */
export const FunnelRequest = z.object({ user_id: z.string(), timezone: z.string(), window: z.enum(['today', '7d', '30d']) });
export const FunnelReply = FunnelMetrics;

export const StandingRequest = z.object({ user_id: z.string(), timezone: z.string(), window: z.enum(['today', '7d', 'alltime']) });
export const StandingReply = MyStanding.extend({ daily_goal_points: z.number().int() });
export type StandingReply = z.infer<typeof StandingReply>;

export const ActiveGoalsRequest = z.object({ user_id: z.string() });
export const ActiveGoalsReply = z.array(Campaign);

/** Everything the coach knows of the broker: their own figures, gathered over the bus for each plan. */
export const CoachingFigures = z.object({
  timezone: z.string(),
  local_date: z.string(),
  activity_counts: ActivityCountsByWindow,
  funnel_30d: FunnelMetrics,
  streak_days: z.number().int(),
  standing_today: StandingReply,
  today_points: z.number().int(),
  active_goals: z.array(Campaign),
  data_quality: DataQuality,
});
export type CoachingFigures = z.infer<typeof CoachingFigures>;
