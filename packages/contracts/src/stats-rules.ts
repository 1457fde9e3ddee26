// Plain values without a schema: My Stats reads them without loading zod and every schema beside it
// (docs/decisions.md, "The signed-in screens load no schema").

/** The windows of the Activity Breakdown and Activity Mix (spec point 2: Today/7D/Month/All Time). */
export const STATS_COUNT_WINDOWS = ['today', '7d', 'month', 'all_time'] as const;
export type StatsCountWindow = (typeof STATS_COUNT_WINDOWS)[number];
/** The windows of the Conversion Metrics (spec point 2: Today/7D/Month). */
export const STATS_FUNNEL_WINDOWS = ['today', '7d', 'month'] as const;
export type StatsFunnelWindow = (typeof STATS_FUNNEL_WINDOWS)[number];

/**
 * Spec point 9's conversion targets in percent: at or above `green` shows green, at or above `yellow`
 * yellow, else red.
 */
export const CONVERSION_THRESHOLDS = {
  call_to_convo: { green: 10, yellow: 5 },
  convo_to_meeting: { green: 20, yellow: 10 },
  outreach_to_convo: { green: 8, yellow: 4 },
  overall_conversion: { green: 2, yellow: 1 },
} as const;
export type ConversionRatio = keyof typeof CONVERSION_THRESHOLDS;
export type Rating = 'green' | 'yellow' | 'red';

export function conversionRating(ratio: ConversionRatio, percent: number): Rating {
  const { green, yellow } = CONVERSION_THRESHOLDS[ratio];
  if (percent >= green) return 'green';
  return percent >= yellow ? 'yellow' : 'red';
}

/** Spec point 9's Activity Performance vs Goals table: 100 % or more green, 75 % or more yellow. */
export function performanceRating(percentOfGoal: number): Rating {
  if (percentOfGoal >= 100) return 'green';
  return percentOfGoal >= 75 ? 'yellow' : 'red';
}

/**
 * Spec point 4's My Stats buckets by duration_days: daily 1; weekly 5-7; monthly 28-31; yearly 365.
 * Other durations are in no ring (they still list under My Active Goals).
 */
export const STATS_BUCKETS = ['daily', 'weekly', 'monthly', 'yearly'] as const;
export type StatsBucket = (typeof STATS_BUCKETS)[number];

export function statsBucket(durationDays: number): StatsBucket | null {
  if (durationDays === 1) return 'daily';
  if (durationDays >= 5 && durationDays <= 7) return 'weekly';
  if (durationDays >= 28 && durationDays <= 31) return 'monthly';
  if (durationDays === 365) return 'yearly';
  return null;
}
