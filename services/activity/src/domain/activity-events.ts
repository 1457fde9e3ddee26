import { randomUUID } from 'node:crypto';
import { newEvent, type DayZone, type EventOf } from '@warriors/contracts';
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
