import { addDays, type LocalDate } from '@warriors/contracts';

/**
 * Consecutive local days with at least one activity, ending `today` or, when nothing is logged
 * yet today, yesterday: a streak is not broken until the day it could still be kept is over.
 */
export function streakDays(activeDates: Iterable<LocalDate>, today: LocalDate): number {
  const active = new Set(activeDates);
  let day = active.has(today) ? today : addDays(today, -1);
  let days = 0;
  while (active.has(day)) {
    days++;
    day = addDays(day, -1);
  }
  return days;
}
