import { addDays, isWeekday, localDate, personName, startOfLocalDay, type LeaderboardRow, type MyStanding, type StreakMode } from '@warriors/contracts';
import { counted } from '../../lib/counted';

const HOUR_MS = 3_600_000;

export interface CockpitFact {
  text: string;
  /** Something to act on today (drawn with a warning icon, not colour alone). */
  urgent: boolean;
}

/**
 * What it takes to climb one place today. Ranks are positions (no ties), so the one above holds rank - 1;
 * their name is known only while they are on today's board (its top rows), beyond it the fact names the
 * rank to reach instead.
 */
export function nextRankFact(standing: MyStanding | undefined, rows: readonly LeaderboardRow[]): CockpitFact | null {
  if (!standing) return null;
  const { rank, gap_to_next: gap } = standing;
  if (rank == null) return { text: "Log a shot to get on today's board", urgent: true };
  if (rank === 1) return { text: "You lead today's board", urgent: false };
  const above = rows.find((row) => row.rank === rank - 1);
  const target = above ? personName(above.name, above.username) : `#${rank - 1}`;
  if (gap == null) return { text: `Chasing ${target}`, urgent: false };
  return { text: `${counted(gap, 'pt')} to ${above ? 'pass' : 'reach'} ${target}`, urgent: false };
}

/** Whole hours left in the user's local day, rounded down: 'under 1h' in its last hour. */
function hoursLeftToday(now: Date, timeZone: string): string {
  const end = startOfLocalDay(addDays(localDate(now, timeZone), 1), timeZone);
  const hours = Math.floor((end.getTime() - now.getTime()) / HOUR_MS);
  return hours < 1 ? 'under 1h' : `${hours}h`;
}

/**
 * Whether the streak is safe today. Any scored log earns points, so points on today's board (the
 * user's local day, as the server counts it) mean the user has logged today. A weekday streak is not
 * at risk on Saturday or Sunday.
 */
export function streakFact(streakDays: number, pointsToday: number | undefined, now: Date, timeZone: string, mode: StreakMode = 'daily'): CockpitFact | null {
  if (pointsToday === undefined) return null;
  if (pointsToday > 0) return { text: streakDays > 0 ? 'Safe for today' : 'Streak started today', urgent: false };
  if (streakDays === 0) return { text: 'Log today to start a streak', urgent: false };
  if (mode === 'weekdays' && !isWeekday(localDate(now, timeZone))) return { text: 'Weekend: your weekday streak is safe', urgent: false };
  return { text: `Log today to keep your ${streakDays}-day streak · ${hoursLeftToday(now, timeZone)} left`, urgent: true };
}

/**
 * The streak's freezes: 'Streak protected' while a freeze covers a missed day of the current streak,
 * with the freezes still held; otherwise the freezes held, if any.
 */
export function freezeFact(streakProtected: boolean, freezes: number): string | null {
  const held = counted(freezes, 'freeze');
  if (streakProtected) return freezes > 0 ? `Streak protected · ${held} left` : 'Streak protected';
  return freezes > 0 ? `${held} held` : null;
}
