import { ACTIVITY_TYPES, type ActivityType, type UserSummary } from '@warriors/contracts';
import { addDays, datesBetween, isoWeekStart, monthStart, yearStart, type LocalDate } from '@warriors/contracts';
import { DAILY_POINTS_DAYS, type SummaryWindow } from './windows';

/** Where each points figure of the summary starts, in the subject's local dates. */
export interface PointsPeriods {
  today: LocalDate;
  week: LocalDate;
  month: LocalDate;
  year: LocalDate;
}

export function pointsPeriods(today: LocalDate): PointsPeriods {
  return { today, week: isoWeekStart(today), month: monthStart(today), year: yearStart(today) };
}

export interface PointsTotals {
  today: number;
  week: number;
  month: number;
  year: number;
  total: number;
}

export interface SummaryFacts {
  user: UserSummary['user'];
  window: SummaryWindow;
  today: LocalDate;
  counts: Partial<Record<ActivityType, { count: number; prev_count: number }>>;
  /** Points per local date; dates without activity may be missing. */
  pointsByDate: ReadonlyMap<LocalDate, number>;
  totals: PointsTotals;
}

/** Every catalog type appears, zeros included, and every one of the last 30 dates, so charts need no gap-filling. */
export function buildSummary(facts: SummaryFacts): UserSummary {
  const activity_counts = Object.fromEntries(ACTIVITY_TYPES.map((type) => [type, facts.counts[type] ?? { count: 0, prev_count: 0 }]));
  const dates = datesBetween(addDays(facts.today, 1 - DAILY_POINTS_DAYS), facts.today);
  return {
    user: facts.user,
    window: facts.window,
    activity_counts,
    daily_points: Object.fromEntries(dates.map((date) => [date, facts.pointsByDate.get(date) ?? 0])),
    today_points: facts.totals.today,
    weekly_points: facts.totals.week,
    monthly_points: facts.totals.month,
    yearly_points: facts.totals.year,
    total_points: facts.totals.total,
  };
}
