import { randomUUID } from 'node:crypto';
import { newEvent, type EventOf, type MailRequest } from '@warriors/contracts';

export const challengeCreated = (data: EventOf<'challenge.created'>['data'], at: Date) => newEvent('challenge.created', data, { id: randomUUID(), at });

export const challengeJoined = (data: EventOf<'challenge.joined'>['data'], at: Date) => newEvent('challenge.joined', data, { id: randomUUID(), at });

/** Its id is the invite's: one event per invite, whatever retries it. */
export const challengeInvited = (data: EventOf<'challenge.invited'>['data'], at: Date) => newEvent('challenge.invited', data, { id: `challenge.invited:${data.invite_id}`, at });

/** Its id names the challenge and the address: an invite line repeated by an edit, or a retried transaction, mails once. */
export const invitationMailRequested = (data: Extract<MailRequest, { kind: 'challenge_invitation' }>, at: Date) =>
  newEvent('mail.requested', data, { id: `challenge.invitation-mail:${data.challenge.id}:${data.to}`, at });
