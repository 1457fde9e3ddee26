import { randomUUID } from 'node:crypto';
import type { EventOf } from '@warriors/contracts';
import { toProjection, type UserRecord } from './user';

/** When and for which request an event happened; requestId lets logs follow a change across services. */
export interface EventContext {
  at: Date;
  requestId: string;
}

const envelope = (context: EventContext) => ({ id: randomUUID(), v: 1 as const, occurredAt: context.at.toISOString(), requestId: context.requestId });

export const userRegistered = (user: UserRecord, context: EventContext): EventOf<'user.registered'> => ({
  ...envelope(context),
  type: 'user.registered',
  data: { ...toProjection(user), email: user.email },
});

export const userUpdated = (user: UserRecord, context: EventContext): EventOf<'user.updated'> => ({
  ...envelope(context),
  type: 'user.updated',
  data: toProjection(user),
});

export const userDeleted = (userId: string, context: EventContext): EventOf<'user.deleted'> => ({
  ...envelope(context),
  type: 'user.deleted',
  data: { user_id: userId },
});
