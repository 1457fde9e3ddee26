import { randomUUID } from 'node:crypto';
import { activityDeletedEventId, newEvent, type DayZone, type EventOf } from '@warriors/contracts';
import type { ActivityRecord } from './activity';

/** A fresh event id (also its Nats-Msg-Id), distinct from the activity id it carries in data. */
export const activityLogged = (record: ActivityRecord, zone: DayZone, requestId: string): EventOf<'activity.logged'> =>
  newEvent(
    'activity.logged',
    {
      activity_id: record.id,
      user_id: record.user_id,
      activity_type: record.activity_type,
      quantity: record.quantity,
      points: record.points,
      occurred_at: record.created_at.toISOString(),
      local_date: record.local_date,
      timezone: zone.timezone,
      day_carry_date: zone.day_carry_date ?? null,
      day_carry_until: zone.day_carry_until ?? null,
    },
    { id: randomUUID(), at: record.created_at, requestId },
  );

/** Its id is derived from the activity's: a deletion asked twice (or retried) publishes one event. */
export const activityDeleted = (record: ActivityRecord, timezone: string, deletedAt: Date, requestId: string): EventOf<'activity.deleted'> =>
  newEvent(
    'activity.deleted',
    {
      activity_id: record.id,
      user_id: record.user_id,
      activity_type: record.activity_type,
      quantity: record.quantity,
      points: record.points,
      local_date: record.local_date,
      timezone,
      deleted_at: deletedAt.toISOString(),
    },
    { id: activityDeletedEventId(record.id), at: deletedAt, requestId },
  );
