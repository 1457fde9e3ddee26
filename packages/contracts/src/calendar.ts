/**
 * Calendar dates in a user's timezone. A point belongs to the actor's local calendar day; windows,
 * streaks and badge cycles are counted in local dates, so every service and the web share these.
 */

/** A calendar date as YYYY-MM-DD: a zone-free label, the day bucket of a point. */
export type LocalDate = string;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

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

const clockFormatters = new Map<string, Intl.DateTimeFormat>();

/** How far the wall clock in `timeZone` is ahead of UTC at the instant `at`, in ms (whole seconds). */
function utcOffsetMs(at: number, timeZone: string): number {
  let formatter = clockFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    clockFormatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(at).map((p) => [p.type, Number(p.value)]));
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return wall - (at - (((at % 1000) + 1000) % 1000));
}

/**
 * Offsets change on a quarter hour of UTC (a local 02:00 less an offset in whole quarter hours), so
 * one quarter hour has one offset: the last one asked in each zone is kept, which serves a run of
 * instants in time order (an export's rows) without asking Intl again for each.
 */
const QUARTER_HOUR_MS = 15 * 60 * 1000;
const lastOffsets = new Map<string, { quarter: number; offsetMs: number }>();

function quarterHourOffsetMs(at: number, timeZone: string): number {
  const quarter = Math.floor(at / QUARTER_HOUR_MS);
  const last = lastOffsets.get(timeZone);
  if (last?.quarter === quarter) return last.offsetMs;
  const offsetMs = utcOffsetMs(at, timeZone);
  lastOffsets.set(timeZone, { quarter, offsetMs });
  return offsetMs;
}

/**
 * The instant `at` as the wall clock in `timeZone` shows it, ISO 8601 with its UTC offset
 * (2026-03-08T03:30:00.000-05:00): unambiguous in the hour a DST change repeats.
 */
export function localTimestamp(at: Date, timeZone: string): string {
  const offsetMs = quarterHourOffsetMs(at.getTime(), usableTimezone(timeZone));
  const wall = new Date(at.getTime() + offsetMs).toISOString().slice(0, 23);
  const minutes = Math.round(Math.abs(offsetMs) / 60_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${wall}${offsetMs < 0 ? '-' : '+'}${two(Math.floor(minutes / 60))}:${two(minutes % 60)}`;
}

/**
 * The first instant of the local date `date` in `timeZone`: its midnight, or, where a DST change
 * skips midnight (Santiago, Beirut), the instant the clocks jump to. Offsets lie within -12 h and
 * +14 h, so the instant lies within [midnight UTC - 14 h, midnight UTC + 12 h]: the offsets at both
 * ends of that span are the only candidates (a zone changes its offset at most once in it), and the
 * earliest candidate that falls on `date` is the day's start.
 */
export function startOfLocalDay(date: LocalDate, timeZone: string): Date {
  const zone = usableTimezone(timeZone);
  const wall = dateToEpochMs(date);
  const candidates = [wall - utcOffsetMs(wall - 14 * HOUR_MS, zone), wall - utcOffsetMs(wall + 12 * HOUR_MS, zone)];
  const onDate = candidates.filter((at) => localDate(new Date(at), zone) === date);
  return new Date(Math.min(...(onDate.length > 0 ? onDate : candidates)));
}

/** Midnight UTC of the date: calendar arithmetic on zone-free labels runs in UTC. */
export const dateToEpochMs = (date: LocalDate): number => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));

/** Monday to Friday: the days a weekday streak counts (a date's weekday is the UTC weekday of its midnight). */
export function isWeekday(date: LocalDate): boolean {
  const day = new Date(dateToEpochMs(date)).getUTCDay();
  return day !== 0 && day !== 6;
}

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

/**
 * Where a broker's days are counted: their timezone and, after a change of it, the day the change left
 * in force (`day_carry_date`) until the instant `day_carry_until` (ISO). Both null when no carry was
 * ever made (accounts and events from before the rule read the same).
 */
export interface DayZone {
  timezone: string;
  day_carry_date?: LocalDate | null;
  day_carry_until?: string | null;
}

/** The carry a change of zone leaves on the account (docs/decisions.md, "A change of timezone"). */
export interface DayCarry {
  day_carry_date: LocalDate;
  day_carry_until: string;
}

const carryInForce = (at: Date, zone: DayZone): zone is DayZone & DayCarry => !!zone.day_carry_date && !!zone.day_carry_until && at.getTime() < Date.parse(zone.day_carry_until);

/**
 * The broker's local day at the instant `at`, the one rule for "today" and for the date an entry is
 * stamped with: the day a change of timezone left in force until the carry ends, else the date the
 * wall clock in their zone shows. So a flight west across midnight does not reopen the day before,
 * and a flight east does not cut short the day in force: no day is lost or counted twice.
 */
export function brokerDay(at: Date, zone: DayZone): LocalDate {
  return carryInForce(at, zone) ? zone.day_carry_date : localDate(at, zone.timezone);
}

/**
 * What a change from `from` to the zone `timezone` at the instant `at` leaves in force: the broker's
 * day at the change, until the later of its ends in the two zones (the old one's, or a carry's still
 * running, and the new one's midnight after it). From then on the days are the new zone's.
 */
export function carryOnZoneChange(at: Date, from: DayZone, timezone: string): DayCarry {
  const date = brokerDay(at, from);
  const next = addDays(date, 1);
  const oldEnd = carryInForce(at, from) ? Date.parse(from.day_carry_until) : startOfLocalDay(next, from.timezone).getTime();
  const newEnd = startOfLocalDay(next, timezone).getTime();
  return { day_carry_date: date, day_carry_until: new Date(Math.max(oldEnd, newEnd)).toISOString() };
}

/**
 * The first instant after the broker's day `date` (brokerDay's days): the next midnight of their
 * zone, or, for the day a carry holds, the later of that and the carry's end.
 */
export function brokerDayEnd(date: LocalDate, zone: DayZone): Date {
  const midnight = startOfLocalDay(addDays(date, 1), zone.timezone);
  if (zone.day_carry_date !== date || !zone.day_carry_until) return midnight;
  return new Date(Math.max(midnight.getTime(), Date.parse(zone.day_carry_until)));
}
