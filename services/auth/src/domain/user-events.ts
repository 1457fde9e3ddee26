import { randomUUID } from 'node:crypto';
import { newEvent, type EventOf, type MailRequest } from '@warriors/contracts';
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

export const userEmailVerified = (user: UserRecord, context: EventContext): EventOf<'user.email_verified'> =>
  newEvent('user.email_verified', { user_id: user.id, email: user.email }, metaOf(context));

export const userSessionsRevoked = (user: UserRecord, context: EventContext): EventOf<'user.sessions_revoked'> =>
  newEvent('user.sessions_revoked', { user_id: user.id, credential_version: user.credential_version }, metaOf(context));

/** A mail for the mail service, in the transaction of what caused it. Its data holds a link's token: never log it. */
export const mailRequested = (request: MailRequest, context: EventContext): EventOf<'mail.requested'> => newEvent('mail.requested', request, metaOf(context));
