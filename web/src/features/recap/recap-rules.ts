import { addDays, isoWeekStart, localDate, startOfLocalDay, type LocalDate, type RecapFigure, type RecapWeek, type User } from '@warriors/contracts';
import { counted, enUsNumber } from '../../lib/counted';
import { parseServerTime } from '../../lib/relative-time';

const MONDAY = 1;

/** Whether it is Monday where the broker's day is counted (their profile's timezone, not the browser's). */
export const isRecapDay = (now: Date, timezone: string): boolean => new Date(`${localDate(now, timezone)}T12:00:00Z`).getUTCDay() === MONDAY;

/** The Monday of the week the server recaps at `now`: the last complete local week's (contracts' calendar, as the server counts it). */
export const recappedWeekStart = (now: Date, timezone: string): LocalDate => addDays(isoWeekStart(localDate(now, timezone)), -7);

/** A broker who signed up after the recapped week ended has nothing to look back on: no card, no bell line. */
export const accountExistedIn = (user: Pick<User, 'created_at' | 'timezone'>, week: Pick<RecapWeek, 'end'>): boolean =>
  parseServerTime(user.created_at).getTime() < startOfLocalDay(addDays(week.end, 1), user.timezone).getTime();

/** 'Mon, Nov 17': a local date as a label, the same wherever the browser is. */
export const dayLabel = (date: LocalDate): string =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric' });

/** 'Nov 17 – Nov 23'. */
export const weekLabel = (week: RecapWeek): string => {
  const short = (date: LocalDate) => new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' });
  return `${short(week.start)} – ${short(week.end)}`;
};

export type Direction = 'up' | 'down' | 'same';
export const directionOf = (change: number): Direction => (change > 0 ? 'up' : change < 0 ? 'down' : 'same');

/** '+40', '−3' (a minus sign, not a hyphen), 'same'. */
export function signedChange(change: number): string {
  if (change === 0) return 'same';
  return `${change > 0 ? '+' : '−'}${enUsNumber(Math.abs(change))}`;
}

/** '+40 vs. the week before', '−3 vs. the week before', 'Same as the week before'. */
export const changeText = (figure: RecapFigure): string => (figure.change === 0 ? 'Same as the week before' : `${signedChange(figure.change)} vs. the week before`);

/** The rank's movement in words: places climbed (negative: dropped) between the two weeks' boards. */
export function rankMovement(rank: { value: number | null; previous: number | null; change: number | null }): { text: string; direction: Direction } {
  if (rank.value === null) return { text: 'Not on the board', direction: 'same' };
  if (rank.change === null) return { text: 'New on the board', direction: 'up' };
  if (rank.change === 0) return { text: 'Held your place', direction: 'same' };
  const places = counted(Math.abs(rank.change), 'place');
  return rank.change > 0 ? { text: `Up ${places}`, direction: 'up' } : { text: `Down ${places}`, direction: 'down' };
}

/** 'Daily Victory ×3, Call Crusher': each badge once, with how many times it was earned when more than once. */
export function badgeNames(badges: ReadonlyArray<{ name: string }>): string {
  const times = new Map<string, number>();
  for (const { name } of badges) times.set(name, (times.get(name) ?? 0) + 1);
  return [...times].map(([name, count]) => (count > 1 ? `${name} ×${count}` : name)).join(', ');
}

const DISMISSED_KEY = (userId: string) => `recap-dismissed:${userId}`;

/** Whether the broker dismissed the card of the week starting `weekStart` on this device. */
export const isDismissed = (userId: string, weekStart: LocalDate): boolean => localStorage.getItem(DISMISSED_KEY(userId)) === weekStart;

/** Remembers the dismissal until the next week's card. */
export const dismiss = (userId: string, weekStart: LocalDate): void => localStorage.setItem(DISMISSED_KEY(userId), weekStart);

/** The navigation state with which the bell's recap line opens the dashboard's card. */
export const recapState = { weeklyRecap: true } as const;
export const wantsRecap = (state: unknown): boolean => typeof state === 'object' && state !== null && (state as { weeklyRecap?: unknown }).weeklyRecap === true;
