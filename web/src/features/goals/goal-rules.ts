import {
  DASHBOARD_COUNT_MAX,
  BLANK_COUNT_AT_SUBMIT,
  GOAL_ACTIVITY_TYPES,
  GOAL_COUNT_MAX,
  GOAL_DURATION_MAX,
  GOAL_DURATION_MIN,
  GOAL_MESSAGES,
  RECOMMENDATION_SCALE,
  goalCategory,
  type Campaign,
  type CampaignList,
  type GoalCategory,
  type GoalItem,
} from '@warriors/contracts';
import { activityCountOnBlur } from '../../lib/activity-counts';
import { combinedPercent, goalsOfThisPeriod } from '../../lib/goal-progress';

export type GoalActivityType = (typeof GOAL_ACTIVITY_TYPES)[number];

/** The activities ticked in a goal form and the count text typed for each; unticked ones are absent. */
export type CountSelection = Partial<Record<GoalActivityType, string>>;

export const CATEGORY_LABELS: Record<GoalCategory, string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  annual: 'Annual',
};

/** A period's ring: its goals of that category taken together; null when there is none. */
export function categoryPercent(current: readonly Campaign[], category: GoalCategory): number | null {
  return combinedPercent(current.filter((goal) => goalCategory(goal.duration_days) === category));
}

/**
 * Logging opens once the user has today's daily goal, as the rings count it: a 1-day goal of the
 * running period, so beating it never locks them out of logging more, and a dashboard left open
 * overnight locks again at midnight without waiting for the list to be fetched again.
 */
export function hasDailyGoal(list: CampaignList, now: Date): boolean {
  return goalsOfThisPeriod(list, now).some((goal) => goal.duration_days === 1);
}

/** Whether the user may edit and delete the campaign: only its creator (spec point 6). */
export const isCreator = (campaign: Campaign, userId: string | undefined): boolean => campaign.creator_id !== null && campaign.creator_id === userId;

/** The targets of a goal, as the edit form lists them. */
export function goalItemsOf(campaign: Campaign): GoalItem[] {
  if (Array.isArray(campaign.goal_type)) return campaign.goal_type;
  if (campaign.activity_type) return [{ type: campaign.activity_type, count: campaign.goal_count }];
  return campaign.activity_breakdown.map(({ type, target }) => ({ type, count: target }));
}

export function selectionOf(goals: readonly GoalItem[]): CountSelection {
  return Object.fromEntries(goals.map(({ type, count }) => [type, String(count)]));
}

const wholeNumber = (text: string): number => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

/** The selection in the form's fixed activity order. */
function entries(selection: CountSelection): Array<[GoalActivityType, string]> {
  return GOAL_ACTIVITY_TYPES.flatMap((type) => (selection[type] === undefined ? [] : [[type, selection[type]] as [GoalActivityType, string]]));
}

// ---------- Dashboard Add Goal (counts 1-1000) ----------

/** A dashboard count past the limit is brought back to 1000 as the user leaves the field. */
export function dashboardCountOnBlur(text: string): string {
  const count = wholeNumber(text);
  return count > DASHBOARD_COUNT_MAX ? String(DASHBOARD_COUNT_MAX) : text;
}

/** The goals a dashboard form sends: ticked activities with a count above 0, at most 1000 each. */
export function dashboardGoals(selection: CountSelection): GoalItem[] {
  return entries(selection).flatMap(([type, text]) => {
    const count = wholeNumber(text);
    return count > 0 ? [{ type, count: Math.min(count, DASHBOARD_COUNT_MAX) }] : [];
  });
}

export function validateDashboardGoal(selection: CountSelection): string[] {
  return dashboardGoals(selection).length === 0 ? [GOAL_MESSAGES.selectActivityWithCount] : [];
}

// ---------- Goals screen custom campaign (counts 1-10000) ----------

/** At submit a count still blank becomes 10; anything else follows the blur rule. */
export function campaignCountAtSubmit(text: string): number {
  return text.trim() === '' ? BLANK_COUNT_AT_SUBMIT : Number(activityCountOnBlur(text));
}

export interface CampaignFormValues {
  name: string;
  duration: string;
  selection: CountSelection;
}

export function validateCampaignForm({ name, duration, selection }: CampaignFormValues): string[] {
  const errors: string[] = [];
  if (name.trim() === '') errors.push(GOAL_MESSAGES.campaignName);
  if (entries(selection).length === 0) errors.push(GOAL_MESSAGES.selectActivityType);
  const days = wholeNumber(duration);
  if (!(days >= GOAL_DURATION_MIN && days <= GOAL_DURATION_MAX)) errors.push(GOAL_MESSAGES.duration);
  return errors;
}

export function campaignBody({ name, duration, selection }: CampaignFormValues) {
  return {
    name: name.trim(),
    duration_days: wholeNumber(duration),
    goals: entries(selection).map(([type, text]) => ({ type, count: campaignCountAtSubmit(text) })),
  };
}

// ---------- Goal recommendation (spec point 4) ----------

export type RecommendationPeriod = keyof typeof RECOMMENDATION_SCALE;

export interface Recommendation {
  period: RecommendationPeriod;
  durationDays: number;
  goals: GoalItem[];
}

const RECOMMENDATION_DAYS: Record<RecommendationPeriod, number> = { weekly: 7, monthly: 30, yearly: 365 };

/**
 * The daily goal scaled to a week (x7), a month (x30) and a year (x365); a count is capped at the
 * 10000 every goal allows, so a big daily target still gives a goal the server accepts.
 */
export function recommendationsFor(daily: readonly GoalItem[]): Recommendation[] {
  return (Object.keys(RECOMMENDATION_SCALE) as RecommendationPeriod[]).map((period) => ({
    period,
    durationDays: RECOMMENDATION_DAYS[period],
    goals: daily.map(({ type, count }) => ({ type, count: Math.min(count * RECOMMENDATION_SCALE[period], GOAL_COUNT_MAX) })),
  }));
}

const dailyCountKey = (userId: string) => `goals.dailyCreated.${userId}`;
const offeredKey = (userId: string) => `goals.recommendationOffered.${userId}`;

/**
 * Counts a daily goal the user just created, in this browser, and says whether to offer the bigger
 * versions now: from the second daily goal on, and only the first time.
 */
export function recordDailyGoal(userId: string, storage: Storage = localStorage): boolean {
  const created = (Number(storage.getItem(dailyCountKey(userId))) || 0) + 1;
  storage.setItem(dailyCountKey(userId), String(created));
  if (created < 2 || storage.getItem(offeredKey(userId))) return false;
  storage.setItem(offeredKey(userId), 'yes');
  return true;
}
