import { addDays, brokerDay, isWeekday, type DayZone, type LocalDate, type StreakMode } from '@warriors/contracts';

/** Freezes a broker may hold at once: enough for a sick day and the day after, not a holiday. */
export const MAX_STREAK_FREEZES = 2;
/** A day at this many times the daily goal's points earns a freeze. */
export const FREEZE_GOAL_MULTIPLE = 2;

/** How a user's streak is judged: which days count, and the points of a day that earns a freeze. */
export interface StreakRule {
  mode: StreakMode;
  /** A day with at least these points of logged work earns a freeze. */
  freezeAt: number;
}

export const streakRule = (mode: StreakMode, dailyGoalPoints: number): StreakRule => ({ mode, freezeAt: FREEZE_GOAL_MULTIPLE * dailyGoalPoints });

/** A local date with logged work and the points it made. */
export interface StreakDay {
  local_date: LocalDate;
  points: number;
}

/** A user's streak on a day: its length in worked days, the freezes held, and the missed days freezes covered in the current run. */
export interface StreakState {
  streak_days: number;
  freezes: number;
  protected_dates: LocalDate[];
}

/**
 * The streak on `today`, folded day by day from the user's first worked day, so the same days always
 * give the same answer. A day that counts (every day, or Monday to Friday in 'weekdays' mode: a
 * weekend day neither breaks nor extends it) extends the streak when worked; a missed one before
 * today (today can still be kept) spends a freeze if one is held and the streak is running, and the
 * day is protected: the streak goes on without growing. Otherwise it breaks. After its own judgement
 * a day at `rule.freezeAt` points or more earns a freeze (a weekend day too), up to MAX_STREAK_FREEZES.
 * Days after `today` are ignored.
 */
export function streakOf(days: Iterable<StreakDay>, today: LocalDate, rule: StreakRule): StreakState {
  const points = new Map<LocalDate, number>();
  for (const { local_date, points: p } of days) if (local_date <= today) points.set(local_date, (points.get(local_date) ?? 0) + p);
  const state: StreakState = { streak_days: 0, freezes: 0, protected_dates: [] };
  if (points.size === 0) return state;
  for (let day = [...points.keys()].sort()[0]!; day <= today; day = addDays(day, 1)) {
    const worked = points.get(day);
    if (rule.mode === 'daily' || isWeekday(day)) {
      if (worked !== undefined) state.streak_days++;
      else if (day < today && state.streak_days > 0 && state.freezes > 0) {
        state.freezes--;
        state.protected_dates.push(day);
      } else if (day < today) {
        state.streak_days = 0;
        state.protected_dates = [];
      }
    }
    if (worked !== undefined && worked >= rule.freezeAt) state.freezes = Math.min(MAX_STREAK_FREEZES, state.freezes + 1);
  }
  return state;
}

/** A user's first points of a local day, and the streak they make of it. */
export interface StreakChange {
  user_id: string;
  local_date: LocalDate;
  previous_streak_days: number;
  streak_days: number;
}

/** A user's worked days with the batch's entries added (a day worked twice adds its points). */
const withEntries = (days: readonly StreakDay[], entries: readonly StreakDay[]): StreakDay[] => [...days, ...entries];

/**
 * The streak changes a batch of applied entries makes, by the rule of streakOf judged on each
 * entry's own local date: an entry on a day that had no points yet makes that day's streak, the
 * streak before it being the streak on that day unworked. A day that changes nothing (a weekend day
 * in weekdays mode) makes no change. `workedBefore` answers a user's worked days as they stood before
 * the batch (streakOf ignores those after the date); the batch's own earlier entries count for its later
 * ones. One change per user and day at most, in the order of `entries`.
 */
export function streakChangesOfBatch(
  entries: ReadonlyArray<{ user_id: string } & StreakDay>,
  workedBefore: (userId: string, date: LocalDate) => readonly StreakDay[],
  ruleOf: (userId: string) => StreakRule,
): StreakChange[] {
  const addedByUser = new Map<string, StreakDay[]>();
  const changes: StreakChange[] = [];
  for (const { user_id, local_date, points } of entries) {
    const added = addedByUser.get(user_id) ?? [];
    addedByUser.set(user_id, added);
    const before = withEntries(workedBefore(user_id, local_date), added);
    added.push({ local_date, points });
    if (before.some((d) => d.local_date === local_date)) continue;
    const rule = ruleOf(user_id);
    const previous = streakOf(before, local_date, rule).streak_days;
    const streak = streakOf(withEntries(before, [{ local_date, points }]), local_date, rule).streak_days;
    if (streak !== previous) changes.push({ user_id, local_date, previous_streak_days: previous, streak_days: streak });
  }
  return changes;
}

/**
 * Each user's streak once a batch is in, judged as userStats (what /me shows) judges it: on the
 * user's day at `at` (brokerDay: their zone, or the day a change of it left in force), in their rule. `workedBefore` answers all of a user's worked days before
 * the batch (those after their entries' dates too: a late entry of yesterday is judged with today's);
 * `applied` are the batch's entries that count (a held one adds no day).
 */
export function streaksAfterBatch(
  users: ReadonlyArray<{ user_id: string } & DayZone>,
  applied: ReadonlyArray<{ user_id: string } & StreakDay>,
  workedBefore: (userId: string) => readonly StreakDay[],
  ruleOf: (userId: string) => StreakRule,
  at: Date,
): Map<string, number> {
  const added = new Map<string, StreakDay[]>();
  for (const { user_id, local_date, points } of applied) added.set(user_id, [...(added.get(user_id) ?? []), { local_date, points }]);
  const streaks = new Map<string, number>();
  for (const user of users) {
    const { user_id } = user;
    if (!streaks.has(user_id)) {
      const days = withEntries(workedBefore(user_id), added.get(user_id) ?? []);
      streaks.set(user_id, streakOf(days, brokerDay(at, user), ruleOf(user_id)).streak_days);
    }
  }
  return streaks;
}
