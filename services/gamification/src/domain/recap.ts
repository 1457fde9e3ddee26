import {
  ACTIVITY_TYPES,
  BADGE_TYPES,
  addDays,
  isoWeekStart,
  localDate,
  startOfLocalDay,
  type ActivityType,
  type BadgeType,
  type LocalDate,
  type RecapNotice,
  type RecapDay,
  type RecapFigure,
  type RecapWeek,
  type WeeklyRecap,
} from '@warriors/contracts';
import { badgeSpec } from './badge-catalog';
import { ranksAbove } from './ranking';

/** The recapped week and the one before it: the last complete local week (Monday to Sunday) before `now`. */
export interface RecapWeeks {
  week: RecapWeek;
  previous: RecapWeek;
}

const weekFrom = (monday: LocalDate): RecapWeek => ({ start: monday, end: addDays(monday, 6) });

/** On any day of a week, the week recapped is the one before it: on Monday, the week that just ended. */
export function recapWeeks(now: Date, timezone: string): RecapWeeks {
  const thisMonday = isoWeekStart(localDate(now, timezone));
  return { week: weekFrom(addDays(thisMonday, -7)), previous: weekFrom(addDays(thisMonday, -14)) };
}

/** The instants a week of local dates covers in `timezone`: from its Monday's start to the next Monday's (excluded); DST included. */
export function weekInstants(week: RecapWeek, timezone: string): { from: Date; to: Date } {
  return { from: startOfLocalDay(week.start, timezone), to: startOfLocalDay(addDays(week.end, 1), timezone) };
}

/** What the stores and campaigns answered for the two weeks, as rows. */
export interface RecapInput {
  timezone: string;
  weeks: RecapWeeks;
  /** Points on the boards by local date, over both weeks. */
  dailyPoints: ReadonlyArray<{ local_date: LocalDate; points: number }>;
  /** Units logged by local date and type, over both weeks. */
  dailyUnits: ReadonlyArray<{ local_date: LocalDate; activity_type: ActivityType; quantity: number }>;
  /** Badges earned in either week, each with the week it was earned in. */
  badges: ReadonlyArray<{ badge_type: BadgeType; earned_at: Date; inWeek: 'week' | 'previous' }>;
  goals: { week: readonly string[]; previous: number };
  ranks: { week: number | null; previous: number | null };
}

const figure = (value: number, previous: number): RecapFigure => ({ value, previous, change: value - previous });
const within = (date: LocalDate, week: RecapWeek): boolean => date >= week.start && date <= week.end;
const sum = (values: readonly number[]): number => values.reduce((total, value) => total + value, 0);

/** The day of `week` with the most points, the earliest of equals; null for a week without points. */
function bestDay(dailyPoints: RecapInput['dailyPoints'], week: RecapWeek): RecapDay | null {
  let best: RecapDay | null = null;
  for (const day of dailyPoints) {
    if (!within(day.local_date, week) || day.points <= 0) continue;
    if (best === null || day.points > best.points || (day.points === best.points && day.local_date < best.date)) best = { date: day.local_date, points: day.points };
  }
  return best;
}

/** The recap of `input.weeks.week` against `input.weeks.previous`: each figure with its change. */
export function composeRecap(input: RecapInput): WeeklyRecap {
  const { week, previous } = input.weeks;
  const pointsIn = (range: RecapWeek) => sum(input.dailyPoints.filter((d) => within(d.local_date, range)).map((d) => d.points));
  const unitsIn = (range: RecapWeek, type?: ActivityType) =>
    sum(input.dailyUnits.filter((d) => within(d.local_date, range) && (type === undefined || d.activity_type === type)).map((d) => d.quantity));
  const logged = new Set(input.dailyUnits.filter((d) => d.quantity > 0).map((d) => d.activity_type));
  // Badges one activity earned share its time: the catalog's order then.
  const earned = [...input.badges].sort((a, b) => a.earned_at.getTime() - b.earned_at.getTime() || BADGE_TYPES.indexOf(a.badge_type) - BADGE_TYPES.indexOf(b.badge_type));
  const earnedThisWeek = earned.filter((b) => b.inWeek === 'week');
  const { ranks } = input;
  return {
    timezone: input.timezone,
    week,
    previous_week: previous,
    points: figure(pointsIn(week), pointsIn(previous)),
    logs: figure(unitsIn(week), unitsIn(previous)),
    logs_by_type: ACTIVITY_TYPES.filter((type) => logged.has(type)).map((type) => ({ activity_type: type, ...figure(unitsIn(week, type), unitsIn(previous, type)) })),
    best_day: { value: bestDay(input.dailyPoints, week), previous: bestDay(input.dailyPoints, previous) },
    goals_completed: { ...figure(input.goals.week.length, input.goals.previous), names: [...input.goals.week] },
    badges_earned: {
      ...figure(earnedThisWeek.length, earned.length - earnedThisWeek.length),
      badges: earnedThisWeek.map((b) => ({ badge_type: b.badge_type, name: badgeSpec(b.badge_type).name })),
    },
    rank: { value: ranks.week, previous: ranks.previous, change: ranks.week !== null && ranks.previous !== null ? ranks.previous - ranks.week : null },
  };
}

/** A recap notice as the store keeps it. */
export interface RecapNoticeRow {
  week_start: LocalDate;
  created_at: Date;
  read_at: Date | null;
}

/** The bell's line for a stored notice: its id is the recapped week's Monday. */
export const recapNotice = (row: RecapNoticeRow): RecapNotice => ({
  id: row.week_start,
  kind: 'weekly_recap',
  week: weekFrom(row.week_start),
  created_at: row.created_at.toISOString(),
  is_read: row.read_at !== null,
});

/** One user's points on the two weeks' boards. */
export interface WeekBoardRow {
  user_id: string;
  week: number;
  previous: number;
}

/**
 * A user's rank on one of the two weeks' boards: among the users shown with points in that week, by
 * points then user id (the live boards' order, ranking.ts); null without points or while hidden.
 */
export function weekRank(board: readonly WeekBoardRow[], userId: string, which: 'week' | 'previous', hidden: ReadonlySet<string>): number | null {
  const score = board.find((row) => row.user_id === userId)?.[which] ?? 0;
  if (score <= 0 || hidden.has(userId)) return null;
  const me = { member: userId, score };
  return 1 + board.filter((row) => row[which] > 0 && !hidden.has(row.user_id) && ranksAbove({ member: row.user_id, score: row[which] }, me)).length;
}
