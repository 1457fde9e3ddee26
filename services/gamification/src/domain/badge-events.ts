import { randomUUID } from 'node:crypto';
import type { Badge, EventOf } from '@warriors/contracts';

export const badgeEarned = (userId: string, badge: Badge, requestId: string | undefined): EventOf<'badge.earned'> => ({
  id: randomUUID(),
  type: 'badge.earned',
  v: 1,
  occurredAt: badge.earned_at,
  ...(requestId === undefined ? {} : { requestId }),
  data: { user_id: userId, badge_type: badge.badge_type, name: badge.name, repeat_count: badge.repeat_count, earned_at: badge.earned_at },
});
