import { randomUUID } from 'node:crypto';
import { newEvent, type Badge, type EventOf } from '@warriors/contracts';

export const badgeEarned = (userId: string, badge: Badge, requestId: string | undefined): EventOf<'badge.earned'> =>
  newEvent(
    'badge.earned',
    { user_id: userId, badge_type: badge.badge_type, name: badge.name, repeat_count: badge.repeat_count, earned_at: badge.earned_at },
    { id: randomUUID(), at: badge.earned_at, requestId },
  );
