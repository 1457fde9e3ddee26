import {
  ACTIVITY_CATALOG,
  CONVERSION_THRESHOLDS,
  conversionRating,
  GOAL_COUNT_MAX,
  GOAL_DURATION_MAX,
  GOAL_DURATION_MIN,
  GOAL_MESSAGES,
  performanceRating,
  statsBucket,
  type ActivityType,
  type Campaign,
  type ConversionRatio,
  type FunnelMetrics,
  type Rating,
  type StatsBucket,
  type UserStats,
} from '@warriors/contracts';
import { combinedPercent, percentOf } from '../../lib/goal-progress';
import { parseServerTime } from '../../lib/relative-time';
import { counted } from '../../lib/counted';

export const BUCKET_LABELS: Record<StatsBucket, string> = { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly', yearly: 'Yearly' };

/** The goals of one stats ring (spec point 4's buckets by duration). */
export function goalsInBucket(goals: readonly Campaign[], bucket: StatsBucket): Campaign[] {
  return goals.filter((goal) => statsBucket(goal.duration_days) === bucket);
}

/** A ring's fill: the bucket's goals taken together, as the dashboard's rings fill; null when it has none. */
export function bucketPercent(goals: readonly Campaign[], bucket: StatsBucket): number | null {
  return combinedPercent(goalsInBucket(goals, bucket));
}

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** The manage modal's finished goals: those completed in the last 7 days, newest first. */
export function completedInLastWeek(completed: readonly Campaign[], now: Date): Campaign[] {
  return completed
    .filter((goal) => goal.completed_at !== null && now.getTime() - parseServerTime(goal.completed_at).getTime() <= WEEK_MS)
    .sort((a, b) => parseServerTime(b.completed_at ?? '').getTime() - parseServerTime(a.completed_at ?? '').getTime());
}

/** The user's local date (YYYY-MM-DD) at `now` in `timeZone`. */
export function localDate(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

// A local date names a calendar day, not an instant: read and written at UTC so no zone can shift it.
const dayLabel = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' });

export interface DailySeries {
  labels: string[];
  points: number[];
  goal: number[];
  /** One sentence for screen readers: what the chart shows. */
  summary: string;
}

/**
 * The Daily Points vs Goal chart from the 30 local days the server read: the user's current local
 * day (by the clock and their timezone, not the browser's) is labelled 'Today'.
 */
export function dailySeries(daily: UserStats['daily_points'], goalPoints: number, now: Date, timeZone: string): DailySeries {
  const today = localDate(now, timeZone);
  const labels = daily.map(({ date }) => (date === today ? 'Today' : dayLabel.format(new Date(`${date}T00:00:00Z`))));
  const points = daily.map((day) => day.points);
  const daysAtGoal = points.filter((value) => value >= goalPoints).length;
  const total = points.reduce((sum, value) => sum + value, 0);
  const summary = `${counted(total, 'point')} over the last ${counted(daily.length, 'day')}; the daily goal of ${counted(goalPoints, 'point')} was reached on ${counted(daysAtGoal, 'day')}.`;
  return { labels, points, goal: daily.map(() => goalPoints), summary };
}

export interface PerformanceRow {
  type: ActivityType;
  label: string;
  done: number;
  target: number;
  percent: number;
  rating: Rating;
}

/** Activity Performance vs Goals: every activity of the active goals, their progress and targets summed. */
export function performanceRows(active: readonly Campaign[]): PerformanceRow[] {
  const totals = new Map<ActivityType, { done: number; target: number }>();
  for (const goal of active) {
    for (const { type, current, target } of goal.activity_breakdown) {
      const sum = totals.get(type) ?? { done: 0, target: 0 };
      totals.set(type, { done: sum.done + Math.min(current, target), target: sum.target + target });
    }
  }
  return [...totals].map(([type, { done, target }]) => {
    const percent = percentOf(done, target);
    return { type, label: ACTIVITY_CATALOG[type].label, done, target, percent, rating: performanceRating(percent) };
  });
}

export const CONVERSION_LABELS: Record<ConversionRatio, string> = {
  call_to_convo: 'Call to Conversation',
  convo_to_meeting: 'Conversation to Meeting',
  outreach_to_convo: 'Outreach to Conversation',
  overall_conversion: 'Overall Conversion',
};

export interface ConversionRow {
  ratio: ConversionRatio;
  label: string;
  percent: number;
  target: number;
  rating: Rating;
}

/** The four funnel ratios of a window, each with its green target and colour (spec point 9). */
export function conversionRows(funnel: FunnelMetrics): ConversionRow[] {
  return (Object.keys(CONVERSION_THRESHOLDS) as ConversionRatio[]).map((ratio) => {
    const percent = Math.round(funnel.ratios[ratio] * 10) / 10;
    return { ratio, label: CONVERSION_LABELS[ratio], percent, target: CONVERSION_THRESHOLDS[ratio].green, rating: conversionRating(ratio, percent) };
  });
}

export interface BreakdownRow {
  type: ActivityType;
  label: string;
  count: number;
  change: number;
}

/** A window's counts, biggest first, each with its change against the window before. */
export function breakdownRows(counts: UserStats['activity_counts']['today']): BreakdownRow[] {
  return (Object.entries(counts) as Array<[ActivityType, { count: number; prev_count: number }]>)
    .filter(([type, { count, prev_count }]) => type in ACTIVITY_CATALOG && count + prev_count > 0)
    .map(([type, { count, prev_count }]) => ({ type, label: ACTIVITY_CATALOG[type].label, count, change: count - prev_count }))
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
}

export const changeText = (change: number): string => (change > 0 ? `+${change}` : change < 0 ? `${change}` : '±0');

const wholeNumber = (text: string): number | null => (/^\s*\d+\s*$/.test(text) ? Number(text) : null);

export interface GoalEdit {
  duration: string;
  counts: Partial<Record<ActivityType, string>>;
}

export type GoalEditResult = { errors: string[] } | { errors: []; body: { duration_days: number; activity_goals: Partial<Record<ActivityType, number>> } };

/**
 * Inline edit (spec point 5): counts 0-10000, where 0 removes the activity, at least one left above 0;
 * duration 1-365. The body names every activity of the goal, so a 0 reaches the server as a removal.
 */
export function goalEditBody({ duration, counts }: GoalEdit): GoalEditResult {
  const errors: string[] = [];
  const days = wholeNumber(duration);
  if (days === null || days < GOAL_DURATION_MIN || days > GOAL_DURATION_MAX) errors.push(GOAL_MESSAGES.duration);
  const entries = Object.entries(counts).map(([type, text]) => [type as ActivityType, wholeNumber(text ?? '')] as const);
  if (entries.some(([, count]) => count === null || count > GOAL_COUNT_MAX)) errors.push(GOAL_MESSAGES.editCount);
  else if (!entries.some(([, count]) => (count ?? 0) > 0)) errors.push(GOAL_MESSAGES.atLeastOneGoal);
  if (errors.length > 0 || days === null) return { errors };
  return { errors: [], body: { duration_days: days, activity_goals: Object.fromEntries(entries) as Partial<Record<ActivityType, number>> } };
}
