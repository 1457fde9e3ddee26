import type { FUNNEL_WINDOWS, SUMMARY_WINDOWS } from '@warriors/contracts';
import { addDays, monthStart, type LocalDate } from '@warriors/contracts';

export type SummaryWindow = (typeof SUMMARY_WINDOWS)[number];
export type FunnelWindow = (typeof FUNNEL_WINDOWS)[number];

/** Local dates, both ends included; `from: null` means since the first activity. */
export interface DateRange {
  from: LocalDate | null;
  to: LocalDate;
}

export interface ComparedWindow {
  current: DateRange;
  /** The window just before, for prev_count; null for all_time, which has none. */
  previous: DateRange | null;
}

const lastDays = (today: LocalDate, days: number): DateRange => ({ from: addDays(today, 1 - days), to: today });

/**
 * `month` is month-to-date, compared with the same span of the previous month (1st to the same day,
 * clamped to that month's last day: March 31 compares with February 1-28).
 */
export function summaryWindow(window: SummaryWindow, today: LocalDate): ComparedWindow {
  switch (window) {
    case 'today':
      return { current: lastDays(today, 1), previous: lastDays(addDays(today, -1), 1) };
    case '7d':
      return { current: lastDays(today, 7), previous: lastDays(addDays(today, -7), 7) };
    case 'month': {
      const previousMonthEnd = addDays(monthStart(today), -1);
      const sameDay = `${previousMonthEnd.slice(0, 8)}${today.slice(8, 10)}`;
      return {
        current: { from: monthStart(today), to: today },
        previous: { from: monthStart(previousMonthEnd), to: sameDay < previousMonthEnd ? sameDay : previousMonthEnd },
      };
    }
    case 'all_time':
      return { current: { from: null, to: today }, previous: null };
    default:
      return assertNever(window);
  }
}

const FUNNEL_DAYS: Record<Exclude<FunnelWindow, 'month'>, number> = { today: 1, '7d': 7, '30d': 30 };

/** The last 1, 7 or 30 local dates, or the local calendar month so far (My Stats' "Month"). */
export function funnelWindow(window: FunnelWindow, today: LocalDate): DateRange {
  return window === 'month' ? { from: monthStart(today), to: today } : lastDays(today, FUNNEL_DAYS[window]);
}

/** The daily points chart covers the last 30 local dates. */
export const DAILY_POINTS_DAYS = 30;

export function assertNever(value: never): never {
  throw new Error(`unexpected value: ${String(value)}`);
}
