import type { LeaderboardWindow } from '@warriors/contracts';
import { addDays, dateToEpochMs, type LocalDate } from '@warriors/contracts';

/** Day sets outlive their date by far more than any timezone's "today", so profiles can read recent days. */
const DAY_KEY_TTL_DAYS = 9;
/** A 7-day set is read as "Today's 7 days" only on its last date, in some timezone: two days is ample. */
const SEVEN_DAY_KEY_TTL_DAYS = 2;
const SEVEN_DAYS = 7;

export const ALLTIME_KEY = 'alltime';
export const dayKey = (date: LocalDate): string => `day:${date}`;
/** The set of the 7 local dates ending with `date`. */
export const sevenDayKey = (date: LocalDate): string => `7d:${date}`;

/** The store key a viewer whose local date is `viewerDate` reads for a window. */
export function windowKey(window: LeaderboardWindow, viewerDate: LocalDate): string {
  switch (window) {
    case 'today':
      return dayKey(viewerDate);
    case '7d':
      return sevenDayKey(viewerDate);
    case 'alltime':
      return ALLTIME_KEY;
    default: {
      const unknown: never = window;
      throw new Error(`unknown window ${String(unknown)}`);
    }
  }
}

export interface WindowDelta {
  key: string;
  delta: number;
  /** Epoch ms; none for the all-time set. */
  expireAt?: number;
}

/** A set a point on some local date belongs to, without the points: the same for every entry of that date. */
export interface DateWindow {
  key: string;
  /** Epoch ms; none for the all-time set. */
  expireAt?: number;
  /** A seven-day set's day sets: it holds their sum (a rebuild has the store add them up). */
  sumOf?: readonly string[];
}

/** The day sets a seven-day set ending with `end` adds up. */
const sevenDaySources = (end: LocalDate): readonly string[] => Object.freeze(Array.from({ length: SEVEN_DAYS }, (_, i) => dayKey(addDays(end, i + 1 - SEVEN_DAYS))));

/** Dates whose windows are kept: a day's logs and a rebuild's ten live days, with room to spare. */
const WINDOWS_KEPT = 64;
const windowsByDate = new Map<LocalDate, readonly DateWindow[]>();

/**
 * Every set a point on local date `date` belongs to: its day, the seven "7 days ending X" sets for
 * X = date..date+6, and all-time. Windows are kept up to date at write time so a read is one set,
 * never a union computed on the request path. Computed once per date (nearly every entry of a day
 * and of a rebuild shares a handful of dates, and the calendar arithmetic was most of their cost).
 */
export function windowsOf(date: LocalDate): readonly DateWindow[] {
  let windows = windowsByDate.get(date);
  if (windows === undefined) {
    const computed: DateWindow[] = [{ key: dayKey(date), expireAt: dateToEpochMs(addDays(date, DAY_KEY_TTL_DAYS)) }];
    for (let i = 0; i < SEVEN_DAYS; i++) {
      const end = addDays(date, i);
      computed.push({ key: sevenDayKey(end), expireAt: dateToEpochMs(addDays(end, SEVEN_DAY_KEY_TTL_DAYS)), sumOf: sevenDaySources(end) });
    }
    computed.push({ key: ALLTIME_KEY });
    windows = Object.freeze(computed.map((window) => Object.freeze(window)));
    if (windowsByDate.size >= WINDOWS_KEPT) windowsByDate.clear();
    windowsByDate.set(date, windows);
  }
  return windows;
}

/** The sets of `windowsOf(date)`, each with `points` to add. */
export function pointDeltas(date: LocalDate, points: number): WindowDelta[] {
  return windowsOf(date).map(({ key, expireAt }) => (expireAt === undefined ? { key, delta: points } : { key, delta: points, expireAt }));
}

/** A key still exists at `now` when it has no expiry or its expiry is later (the stores' rule). */
export const isLive = (delta: DateWindow, now: Date): boolean => delta.expireAt === undefined || delta.expireAt > now.getTime();

/** The local dates whose points can still sit in a live set at `now`, in any timezone. */
export function liveDateRange(now: Date): { from: LocalDate; to: LocalDate } {
  const utcToday = now.toISOString().slice(0, 10);
  // Local "today" is within a day of UTC's; a day set lives DAY_KEY_TTL_DAYS after its date.
  return { from: addDays(utcToday, -(DAY_KEY_TTL_DAYS + 1)), to: addDays(utcToday, 1) };
}

/** Every key that can be live at `now`, for wiping one member out of all of them. */
export function liveKeyDeltas(now: Date): WindowDelta[] {
  const { from, to } = liveDateRange(now);
  const byKey = new Map<string, WindowDelta>();
  for (let date = from; date <= to; date = addDays(date, 1)) {
    for (const delta of pointDeltas(date, 0)) if (isLive(delta, now)) byKey.set(delta.key, delta);
  }
  return [...byKey.values()];
}
