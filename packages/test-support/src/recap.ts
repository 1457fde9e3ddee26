import { addDays, type LocalDate, type WeeklyRecap } from '@warriors/contracts';

/** The weekly recap of a broker with no activity in either week: the week starting `monday`, in `timezone`. */
export function quietWeekRecap(timezone: string, monday: LocalDate): WeeklyRecap {
  const zero = { value: 0, previous: 0, change: 0 };
  return {
    timezone,
    week: { start: monday, end: addDays(monday, 6) },
    previous_week: { start: addDays(monday, -7), end: addDays(monday, -1) },
    points: zero,
    logs: zero,
    logs_by_type: [],
    best_day: { value: null, previous: null },
    goals_completed: { ...zero, names: [] },
    badges_earned: { ...zero, badges: [] },
    rank: { value: null, previous: null, change: null },
  };
}
