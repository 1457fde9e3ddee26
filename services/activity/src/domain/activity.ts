import { pointsFor, type Activity, type ActivityType, type LogResult } from '@warriors/contracts';
import type { Effects } from './effects';
import { brokerDay, type DayZone, type LocalDate } from '@warriors/contracts';

/** One logged entry as the service keeps it: a single log is quantity 1, a bulk entry its quantity. */
export interface ActivityRecord {
  id: string;
  user_id: string;
  activity_type: ActivityType;
  quantity: number;
  points: number;
  note: string | null;
  local_date: LocalDate;
  created_at: Date;
  /** The caller's Idempotency-Key; a retry with the same key for the same user logs nothing new. */
  idempotency_key: string | null;
}

export interface LogRequest {
  activity_type: ActivityType;
  quantity: number;
  note: string | null;
  idempotency_key: string | null;
}

/** Points come from the catalog only; the day is the actor's day at `at`, when it was made (brokerDay: their zone, or a change's carry). */
export function newActivity(id: string, userId: string, request: LogRequest, at: Date, zone: DayZone): ActivityRecord {
  return {
    id,
    user_id: userId,
    activity_type: request.activity_type,
    quantity: request.quantity,
    points: pointsFor(request.activity_type, request.quantity),
    note: request.note,
    local_date: brokerDay(at, zone),
    created_at: at,
    idempotency_key: request.idempotency_key,
  };
}

export function toActivity(record: ActivityRecord): Activity {
  return {
    id: record.id,
    user_id: record.user_id,
    activity_type: record.activity_type,
    quantity: record.quantity,
    points: record.points,
    note: record.note,
    created_at: record.created_at.toISOString(),
    local_date: record.local_date,
  };
}

export function toLogResult(record: ActivityRecord, effects: Effects): LogResult {
  return { activity: toActivity(record), points_awarded: record.points, held: effects.held_message !== null, ...effects };
}

/** How far ahead of the server's clock a device's logged_at may be (clocks drift); later is refused. */
export const LOGGED_AT_MAX_AHEAD_MS = 5 * 60_000;

export const LOGGED_AT_MESSAGES = {
  future: 'logged_at is more than 5 minutes ahead of the server’s clock; check the date and time on your device',
  dayEnded: (date: LocalDate) => `This entry was made on ${longDate(date)}, a day that has ended; it was not logged.`,
} as const;

/** 2025-03-11 as "Tuesday, March 11, 2025": the day named as a broker reads it. */
const longDate = (date: LocalDate) =>
  new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

export type EntryTime = { kind: 'at'; at: Date } | { kind: 'future' } | { kind: 'day_ended'; date: LocalDate };

/**
 * The instant an entry is stamped with: the server's now, or the device's tap time (`loggedAt`, an
 * entry made offline) while the broker's day it fell on is still their today, so the day and the hour
 * it counts for are those it was made. A tap a little ahead of now (clock drift) is stamped now: an
 * entry cannot be made after it arrived. A day that has ended is closed: its totals, streak and
 * boards were settled, and nothing is backdated into them.
 */
export function entryTime(loggedAt: Date | null, now: Date, zone: DayZone): EntryTime {
  if (loggedAt === null) return { kind: 'at', at: now };
  if (loggedAt.getTime() > now.getTime() + LOGGED_AT_MAX_AHEAD_MS) return { kind: 'future' };
  if (loggedAt.getTime() >= now.getTime()) return { kind: 'at', at: now };
  const date = brokerDay(loggedAt, zone);
  return date === brokerDay(now, zone) ? { kind: 'at', at: loggedAt } : { kind: 'day_ended', date };
}
