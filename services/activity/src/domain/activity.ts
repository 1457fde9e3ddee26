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

/** Points come from the catalog only; the day is the actor's day when it was logged (brokerDay: their zone, or a change's carry). */
export function newActivity(id: string, userId: string, request: LogRequest, now: Date, zone: DayZone): ActivityRecord {
  return {
    id,
    user_id: userId,
    activity_type: request.activity_type,
    quantity: request.quantity,
    points: pointsFor(request.activity_type, request.quantity),
    note: request.note,
    local_date: brokerDay(now, zone),
    created_at: now,
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
