import { randomUUID } from 'node:crypto';
import type { EventOf } from '@warriors/contracts';

const envelope = <T extends 'challenge.created' | 'challenge.joined' | 'challenge.invited'>(type: T, id: string, at: Date, data: EventOf<T>['data']) =>
  ({ id, type, v: 1, occurredAt: at.toISOString(), data }) as EventOf<T>;

export const challengeCreated = (data: EventOf<'challenge.created'>['data'], at: Date) => envelope('challenge.created', randomUUID(), at, data);

export const challengeJoined = (data: EventOf<'challenge.joined'>['data'], at: Date) => envelope('challenge.joined', randomUUID(), at, data);

/** Its id is the invite's: one event per invite, whatever retries it. */
export const challengeInvited = (data: EventOf<'challenge.invited'>['data'], at: Date) => envelope('challenge.invited', `challenge.invited:${data.invite_id}`, at, data);
