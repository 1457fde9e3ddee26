/** A calendar date as YYYY-MM-DD, the form stored in activities.local_date and used as a day key. */
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
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/**
 * Auth validates timezones at sign-up, but this process's ICU data may be older than auth's; a zone
 * it does not know falls back to UTC so the user can still log and read, rather than getting 500s.
 */
export function usableTimezone(timeZone: string): string {
  return isValidTimezone(timeZone) ? timeZone : 'UTC';
}

/** The calendar date a wall clock in `timeZone` shows at the instant `at` (DST included). */
export function localDate(at: Date, timeZone: string): LocalDate {
  const parts = formatterFor(timeZone).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

const toUtcMs = (date: LocalDate): number => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
const fromUtcMs = (ms: number): LocalDate => new Date(ms).toISOString().slice(0, 10);

export function addDays(date: LocalDate, days: number): LocalDate {
  return fromUtcMs(toUtcMs(date) + days * DAY_MS);
}

/** Monday of the ISO week holding `date`: weekly windows and badges reset on Monday. */
export function isoWeekStart(date: LocalDate): LocalDate {
  const weekday = new Date(toUtcMs(date)).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

export function monthStart(date: LocalDate): LocalDate {
  return `${date.slice(0, 7)}-01`;
}

export function yearStart(date: LocalDate): LocalDate {
  return `${date.slice(0, 4)}-01-01`;
}

/** The local dates from `from` to `to`, both included, oldest first. */
export function datesBetween(from: LocalDate, to: LocalDate): LocalDate[] {
  const dates: LocalDate[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) dates.push(d);
  return dates;
}
