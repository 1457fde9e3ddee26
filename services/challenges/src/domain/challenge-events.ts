import { randomUUID } from 'node:crypto';
import { newEvent, type EventOf } from '@warriors/contracts';

export const challengeCreated = (data: EventOf<'challenge.created'>['data'], at: Date) => newEvent('challenge.created', data, { id: randomUUID(), at });

export const challengeJoined = (data: EventOf<'challenge.joined'>['data'], at: Date) => newEvent('challenge.joined', data, { id: randomUUID(), at });

/** Its id is the invite's: one event per invite, whatever retries it. */
export const challengeInvited = (data: EventOf<'challenge.invited'>['data'], at: Date) => newEvent('challenge.invited', data, { id: `challenge.invited:${data.invite_id}`, at });
