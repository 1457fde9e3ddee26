import { addDays, brokerDay, brokerDayEnd, dateToEpochMs, startOfLocalDay, type DayCarry, type DayZone, type LocalDate } from '@warriors/contracts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When a goal's days run: the local days of the zone it was started in. Day 1 is the day it is made
 * on, counted whole from its start (goalStartsAt: a daily goal set at 09:23 counts the morning's
 * logs), and it ends when its last day does, at that zone's midnight (DST included).
 */
export interface GoalDays {
  startedAt: Date;
  durationDays: number;
  /** The IANA zone the days are counted in: the user's when the goal started. */
  timeZone: string;
  /** The day a change of timezone left in force when the goal started, if one did (calendar.ts brokerDay). */
  dayCarry?: DayCarry | null;
}

const zoneOf = (goal: GoalDays): DayZone => ({ timezone: goal.timeZone, ...goal.dayCarry });

/** Day 1 is the broker's day at the start (brokerDay), so a goal set during a carry runs on the carried day. */
const lastDay = (goal: GoalDays): LocalDate => addDays(brokerDay(goal.startedAt, zoneOf(goal)), goal.durationDays - 1);

/** The first instant after the goal's last local day: activities count up to it, exclusive. */
export const goalEndsAt = (goal: GoalDays): Date => brokerDayEnd(lastDay(goal), zoneOf(goal));

/** A goal counts what happens from its start, inclusive, to the end of its last local day, exclusive. */
export const withinWindow = (goal: GoalDays, at: Date): boolean => at.getTime() >= goal.startedAt.getTime() && at.getTime() < goalEndsAt(goal).getTime();

/** Whether the goal's days are still running at `now`. */
export const isRunning = (goal: GoalDays, now: Date): boolean => now.getTime() < goalEndsAt(goal).getTime();

/**
 * The goal's local days from today to its last, both counted (its last day counts 1), 0 once it has
 * ended: spec point 4's ceil((end - now) / day) on local days, so a DST day of 23 or 25 hours does not
 * add or lose one.
 */
export function daysRemaining(goal: GoalDays, now: Date): number {
  if (!isRunning(goal, now)) return 0;
  const today = brokerDay(new Date(Math.max(now.getTime(), goal.startedAt.getTime())), zoneOf(goal));
  return Math.round((dateToEpochMs(lastDay(goal)) - dateToEpochMs(today)) / DAY_MS) + 1;
}

/**
 * Where a goal made at `now` starts: the start of the broker's local day then (the zone's midnight,
 * DST included), so the whole of day 1 counts, whatever the goal's length (docs/decisions.md, issue
 * 41). A day a change of zone carried may have begun before that midnight's instant is reached, or
 * after it: never later than `now`.
 */
export function goalStartsAt(now: Date, zone: DayZone): Date {
  const start = startOfLocalDay(brokerDay(now, zone), zone.timezone);
  return start.getTime() <= now.getTime() ? start : now;
}
