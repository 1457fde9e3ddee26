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

/**
 * Every set a point on local date `date` belongs to: its day, the seven "7 days ending X" sets for
 * X = date..date+6, and all-time. Windows are kept up to date at write time so a read is one set,
 * never a union computed on the request path.
 */
export function pointDeltas(date: LocalDate, points: number): WindowDelta[] {
  const deltas: WindowDelta[] = [{ key: dayKey(date), delta: points, expireAt: dateToEpochMs(addDays(date, DAY_KEY_TTL_DAYS)) }];
  for (let i = 0; i < SEVEN_DAYS; i++) {
    const end = addDays(date, i);
    deltas.push({ key: sevenDayKey(end), delta: points, expireAt: dateToEpochMs(addDays(end, SEVEN_DAY_KEY_TTL_DAYS)) });
  }
  deltas.push({ key: ALLTIME_KEY, delta: points });
  return deltas;
}

/** A key still exists at `now` when it has no expiry or its expiry is later (the stores' rule). */
export const isLive = (delta: WindowDelta, now: Date): boolean => delta.expireAt === undefined || delta.expireAt > now.getTime();

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
