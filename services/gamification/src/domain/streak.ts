import { addDays, brokerDay, type DayZone, type LocalDate } from '@warriors/contracts';

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

/** A user's first points of a local day, and the streak they make of it. */
export interface StreakChange {
  user_id: string;
  local_date: LocalDate;
  previous_streak_days: number;
  streak_days: number;
}

/**
 * The streak changes a batch of applied entries makes, by the rule of streakDays judged on each
 * entry's own local date: an entry on a day that had no points yet makes that day's streak the
 * previous day's plus one. `activeBefore` answers a user's active dates as they stood before the
 * batch (only those on or before the date count); the batch's own earlier days count for its later entries. One change per
 * user and day, in the order of `days`.
 */
export function streakChangesOfBatch(
  days: ReadonlyArray<{ user_id: string; local_date: LocalDate }>,
  activeBefore: (userId: string, date: LocalDate) => readonly LocalDate[],
): StreakChange[] {
  const addedByUser = new Map<string, Set<LocalDate>>();
  const changes: StreakChange[] = [];
  for (const { user_id, local_date } of days) {
    const added = addedByUser.get(user_id) ?? new Set<LocalDate>();
    addedByUser.set(user_id, added);
    const active = new Set([...activeBefore(user_id, local_date), ...added]);
    if (active.has(local_date)) continue;
    const previous = streakDays(active, local_date);
    added.add(local_date);
    active.add(local_date);
    changes.push({ user_id, local_date, previous_streak_days: previous, streak_days: streakDays(active, local_date) });
  }
  return changes;
}

/**
 * Each user's streak once a batch is in, judged as userStats (what /me shows) judges it: on the
 * user's day at `at` (brokerDay: their zone, or the day a change of it left in force). `activeBefore` answers all of a user's active dates before the batch
 * (those after their entries' dates too: a late entry of yesterday is judged with today's);
 * `applied` are the batch's entries that count (a held one adds no day).
 */
export function streaksAfterBatch(
  users: ReadonlyArray<{ user_id: string } & DayZone>,
  applied: ReadonlyArray<{ user_id: string; local_date: LocalDate }>,
  activeBefore: (userId: string) => readonly LocalDate[],
  at: Date,
): Map<string, number> {
  const added = new Map<string, LocalDate[]>();
  for (const { user_id, local_date } of applied) added.set(user_id, [...(added.get(user_id) ?? []), local_date]);
  const streaks = new Map<string, number>();
  for (const user of users) {
    const { user_id } = user;
    if (!streaks.has(user_id)) streaks.set(user_id, streakDays([...activeBefore(user_id), ...(added.get(user_id) ?? [])], brokerDay(at, user)));
  }
  return streaks;
}
