import { randomUUID } from 'node:crypto';
import { newEvent, type EventOf } from '@warriors/contracts';
import { toProjection, type UserRecord } from './user';

/** When and for which request an event happened; requestId lets logs follow a change across services. */
export interface EventContext {
  at: Date;
  requestId: string;
}

const metaOf = (context: EventContext) => ({ id: randomUUID(), at: context.at, requestId: context.requestId });

export const userRegistered = (user: UserRecord, context: EventContext): EventOf<'user.registered'> =>
  newEvent('user.registered', { ...toProjection(user), email: user.email }, metaOf(context));

export const userUpdated = (user: UserRecord, context: EventContext): EventOf<'user.updated'> => newEvent('user.updated', toProjection(user), metaOf(context));

export const userDeleted = (userId: string, context: EventContext): EventOf<'user.deleted'> => newEvent('user.deleted', { user_id: userId }, metaOf(context));
