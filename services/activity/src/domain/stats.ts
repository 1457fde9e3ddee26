import { addDays, datesBetween, STATS_CHART_DAYS, STATS_COUNT_WINDOWS, STATS_FUNNEL_WINDOWS, type ActivityType, type LocalDate, type UserStats } from '@warriors/contracts';
import { funnelMetrics } from './funnel';
import { pointsPeriods } from './summary';
import { funnelWindow, summaryWindow, type DateRange } from './windows';

/**
 * One (local date, type) group of a user's activities. `local_date` is null for the activities
 * before the stats range (statsRangeStart): all time needs only their sums, not their dates.
 */
export interface StatsGroup {
  local_date: LocalDate | null;
  activity_type: ActivityType;
  quantity: number;
  points: number;
}

/** The earliest local date a stats window looks at: the year's start, last month's start or the chart's first day. */
export function statsRangeStart(today: LocalDate): LocalDate {
  const starts = [
    ...STATS_COUNT_WINDOWS.flatMap((window) => {
      const { current, previous } = summaryWindow(window, today);
      return [current.from, previous?.from ?? null];
    }),
    ...STATS_FUNNEL_WINDOWS.map((window) => funnelWindow(window, today).from),
    ...Object.values(pointsPeriods(today)),
    addDays(today, 1 - STATS_CHART_DAYS),
  ];
  return starts.filter((from): from is LocalDate => from !== null).reduce((a, b) => (b < a ? b : a));
}

/** Whether a group falls in the range; the groups before the stats range are only "since the first activity". */
const inRange = (group: StatsGroup, range: DateRange) =>
  group.local_date === null ? range.from === null : (range.from === null || group.local_date >= range.from) && group.local_date <= range.to;

const sumOf = (groups: readonly StatsGroup[], range: DateRange, value: (g: StatsGroup) => number) =>
  groups.reduce((sum, group) => (inRange(group, range) ? sum + value(group) : sum), 0);

function unitsByType(groups: readonly StatsGroup[], range: DateRange): Partial<Record<ActivityType, number>> {
  const units: Partial<Record<ActivityType, number>> = {};
  for (const group of groups) if (inRange(group, range)) units[group.activity_type] = (units[group.activity_type] ?? 0) + group.quantity;
  return units;
}

/**
 * Folds a user's grouped activities into every figure of the My Stats screen, by the same windows as
 * the summary and the funnel: points agree with the summary's (the total counts every activity, even
 * one dated after today by a timezone change; the windows end today).
 */
export function buildStats(timezone: string, today: LocalDate, groups: readonly StatsGroup[]): UserStats {
  const periods = pointsPeriods(today);
  const pointsSince = (from: LocalDate) => sumOf(groups, { from, to: today }, (g) => g.points);
  const byDate = new Map<LocalDate, number>();
  for (const group of groups) if (group.local_date !== null) byDate.set(group.local_date, (byDate.get(group.local_date) ?? 0) + group.points);

  const activityCounts = (window: (typeof STATS_COUNT_WINDOWS)[number]) => {
    const { current, previous } = summaryWindow(window, today);
    const counts = unitsByType(groups, current);
    const prevCounts = previous ? unitsByType(groups, previous) : {};
    const types = new Set([...Object.keys(counts), ...Object.keys(prevCounts)] as ActivityType[]);
    return Object.fromEntries([...types].map((type) => [type, { count: counts[type] ?? 0, prev_count: prevCounts[type] ?? 0 }]));
  };
  const funnel = (window: (typeof STATS_FUNNEL_WINDOWS)[number]) => funnelMetrics(window, unitsByType(groups, funnelWindow(window, today)));

  return {
    timezone,
    local_date: today,
    today_points: pointsSince(periods.today),
    weekly_points: pointsSince(periods.week),
    monthly_points: pointsSince(periods.month),
    yearly_points: pointsSince(periods.year),
    total_points: groups.reduce((sum, group) => sum + group.points, 0),
    daily_points: datesBetween(addDays(today, 1 - STATS_CHART_DAYS), today).map((date) => ({ date, points: byDate.get(date) ?? 0 })),
    activity_counts: { today: activityCounts('today'), '7d': activityCounts('7d'), month: activityCounts('month'), all_time: activityCounts('all_time') },
    funnel: { today: funnel('today'), '7d': funnel('7d'), month: funnel('month') },
  };
}
