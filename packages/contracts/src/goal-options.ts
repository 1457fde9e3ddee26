// Plain values without a schema: the goal forms and cards read them without loading zod and every schema
// beside it (docs/decisions.md, "The signed-in screens load no schema"). campaigns.ts builds its schemas from them.
import type { ActivityType } from './activity';
import { ACTIVITY_CATALOG, SCORED_ACTIVITY_TYPES } from './activity-catalog';

/** Goal categories by duration_days (spec point 4). */
export const GOAL_CATEGORIES = ['daily', 'weekly', 'monthly', 'quarterly', 'annual'] as const;
export type GoalCategory = (typeof GOAL_CATEGORIES)[number];

export function goalCategory(durationDays: number): GoalCategory {
  if (durationDays <= 1) return 'daily';
  if (durationDays <= 14) return 'weekly';
  if (durationDays <= 60) return 'monthly';
  if (durationDays <= 180) return 'quarterly';
  return 'annual';
}

/** Progress shares at which a goal tells its owner how far they are. */
export const MILESTONE_PERCENTAGES = [25, 50, 75, 90] as const;

/** Icons a goal may carry: the ten of spec point 9, then the two more the stats screen offers. */
export const CAMPAIGN_ICONS = ['target', 'rocket', 'flex', 'lightning', 'fire', 'trophy', 'star', 'diamond', 'crown', 'medal', 'chart', 'calendar'] as const;

/** Goal creation durations offered by the dashboard and stats forms. */
export const GOAL_DURATION_OPTIONS = [1, 7, 30, 90, 365] as const;
export const GOAL_DURATION_MIN = 1;
export const GOAL_DURATION_MAX = 365;
export const DEFAULT_CAMPAIGN_DURATION = 7;
/** Count limits: dashboard creation 1-1000, other creation 1-10000, edits 0-10000 (0 removes). */
export const DASHBOARD_COUNT_MAX = 1000;
export const GOAL_COUNT_MAX = 10000;
/** A ticked activity starts at 50; the goals form turns a blank or invalid count into 50 on blur, 10 at submit. */
export const DEFAULT_GOAL_COUNT = 50;
export const BLANK_COUNT_AT_SUBMIT = 10;
/** Goal recommendation scale (spec point 9). */
export const RECOMMENDATION_SCALE = { weekly: 7, monthly: 30, yearly: 365 } as const;

export const GOAL_MESSAGES = {
  selectActivityWithCount: 'Please select at least one activity with a quantity greater than 0',
  campaignName: 'Please enter a campaign name',
  selectActivityType: 'Please select at least one activity type',
  atLeastOneGoal: 'At least one goal is required',
  duration: 'Duration must be between 1 and 365 days',
  count: 'Count must be between 1 and 10000',
  editCount: 'Count must be between 0 and 10000',
  duplicateType: 'Each activity type may appear only once',
  deleteConfirm: 'Are you sure you want to delete this campaign? This action cannot be undone.',
  leaveConfirm: 'Are you sure you want to leave this goal? Your progress will be saved.',
  deleted: 'Campaign deleted successfully!',
  notFound: 'Campaign not found',
  notCreator: 'Only the creator can change this campaign',
  alreadyActive: 'You are already pursuing this goal',
} as const;

/** Period label of a generated name: Today, This Week, This Month, This Quarter, This Year, or 'n Days'. */
export function periodLabel(durationDays: number): string {
  const labels: Record<number, string> = { 1: 'Today', 7: 'This Week', 30: 'This Month', 90: 'This Quarter', 365: 'This Year' };
  return labels[durationDays] ?? `${durationDays} Days`;
}

/** The name a goal gets when none is given, e.g. 'Today: 5 Cold Calls' or 'This Week: 1 Meeting, 20 Emails'. */
export function generatedGoalName(durationDays: number, goals: ReadonlyArray<{ type: ActivityType; count: number }>): string {
  const counts = goals.map(({ type, count }) => `${count} ${count === 1 ? ACTIVITY_CATALOG[type].label : ACTIVITY_CATALOG[type].plural}`);
  return `${periodLabel(durationDays)}: ${counts.join(', ')}`;
}

/** The activity types a goal form offers: the eleven scored types. */
export const GOAL_ACTIVITY_TYPES = SCORED_ACTIVITY_TYPES;
