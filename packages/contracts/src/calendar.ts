/**
 * Calendar dates in a user's timezone. A point belongs to the actor's local calendar day; windows,
 * streaks and badge cycles are counted in local dates, so every service and the web share these.
 */

/** A calendar date as YYYY-MM-DD: a zone-free label, the day bucket of a point. */
export type LocalDate = string;

const DAY_MS = 24 * 60 * 60 * 1000;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Throws RangeError for a name the runtime's time zone database does not know. */
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function isValidTimezone(timeZone: string): boolean {
  if (timeZone.length === 0) return false;
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/**
 * Sign-up validates the zone, but another process's ICU data may be older: a zone it does not know
 * reads as UTC, so the user can still log and read rather than meet errors.
 */
export function usableTimezone(timeZone: string): string {
  return isValidTimezone(timeZone) ? timeZone : 'UTC';
}

/** The calendar date a wall clock in `timeZone` shows at the instant `at` (DST included). */
export function localDate(at: Date, timeZone: string): LocalDate {
  const parts = formatterFor(usableTimezone(timeZone)).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** Midnight UTC of the date: calendar arithmetic on zone-free labels runs in UTC. */
export const dateToEpochMs = (date: LocalDate): number => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));

export const addDays = (date: LocalDate, days: number): LocalDate => new Date(dateToEpochMs(date) + days * DAY_MS).toISOString().slice(0, 10);

/** Monday of the ISO week holding `date`: weekly windows and badges reset on Monday. */
export function isoWeekStart(date: LocalDate): LocalDate {
  const weekday = new Date(dateToEpochMs(date)).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

export const monthStart = (date: LocalDate): LocalDate => `${date.slice(0, 7)}-01`;

export const monthEnd = (date: LocalDate): LocalDate => addDays(monthStart(addDays(monthStart(date), 31)), -1);

/** First day of the calendar quarter (Jan, Apr, Jul, Oct). */
export function quarterStart(date: LocalDate): LocalDate {
  const month = Number(date.slice(5, 7));
  const first = month - ((month - 1) % 3);
  return `${date.slice(0, 4)}-${String(first).padStart(2, '0')}-01`;
}

export const quarterEnd = (date: LocalDate): LocalDate => monthEnd(addDays(quarterStart(date), 62));

export const yearStart = (date: LocalDate): LocalDate => `${date.slice(0, 4)}-01-01`;

/** The local dates from `from` to `to`, both included, oldest first. */
export function datesBetween(from: LocalDate, to: LocalDate): LocalDate[] {
  const dates: LocalDate[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) dates.push(d);
  return dates;
}
