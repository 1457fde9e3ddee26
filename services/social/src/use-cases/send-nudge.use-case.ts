import { randomUUID } from 'node:crypto';
import { SOCIAL_MESSAGES, nudgeMessage, type Nudge, type SendNudgeBody } from '@warriors/contracts';
import { HttpError, TooManyRequestsError, notFound, type Clock, type UserDirectory } from '@warriors/kit';
import { z } from 'zod';
import { nudgeDraft } from '../domain/pulse';
import { pushPayloads } from '../domain/push';
import { insertNudge, nudgesSentSince } from '../store/nudges.store';
import { pulseEventType } from '../store/pulse.store';
import type { Executor } from '../store/schema';
import { projectedUsers, type SocialUser } from '../store/users.store';
import type { PulseLines } from './pulse-lines';
import type { Push } from './push';

/** Nudges one sender may send per minute, counted in PostgreSQL so every instance sees the same count. */
export const DEFAULT_NUDGES_PER_MINUTE = 10;
const RATE_WINDOW_MS = 60_000;

const isUuid = (value: string) => z.uuid().safeParse(value).success;

export function sendNudge(deps: {
  db: Executor;
  clock: Clock;
  directory: UserDirectory<SocialUser>;
  pulse: PulseLines;
  push: Pick<Push, 'queue' | 'kick'>;
  nudgesPerMinute: number;
}) {
  const { db, clock, directory, pulse, push } = deps;

  return async function send(fromUserId: string, body: SendNudgeBody): Promise<Nudge> {
    if (body.to_user_id === fromUserId) throw new HttpError(400, SOCIAL_MESSAGES.selfNudge);
    const recipient = isUuid(body.to_user_id) ? await directory.resolve(body.to_user_id) : null;
    if (!recipient) throw notFound(SOCIAL_MESSAGES.userNotFound);
    if (body.event_id !== undefined) {
      const type = isUuid(body.event_id) ? await pulseEventType(db, body.event_id) : undefined;
      if (!type) throw notFound(SOCIAL_MESSAGES.eventNotFound);
      if (type === 'coach') throw new HttpError(400, SOCIAL_MESSAGES.coachNudge);
    }
    const sender = await directory.resolve(fromUserId);
    if (!sender) throw notFound(SOCIAL_MESSAGES.userNotFound);
    const at = clock.now();
    const id = randomUUID();
    const { line, pushed } = await db.transaction().execute(async (trx) => {
      // The sender's lock serializes their sends on every instance, so the count below is exact; the
      // recipient's keeps their deletion from committing between the check below and the insert.
      for (const userId of [fromUserId, recipient.user_id].sort()) await projectedUsers.lock(trx, userId);
      if (await projectedUsers.isDeleted(trx, recipient.user_id)) throw notFound(SOCIAL_MESSAGES.userNotFound);
      if ((await nudgesSentSince(trx, fromUserId, new Date(at.getTime() - RATE_WINDOW_MS))) >= deps.nudgesPerMinute) {
        throw new TooManyRequestsError(SOCIAL_MESSAGES.tooManyNudges, RATE_WINDOW_MS / 1000);
      }
      await insertNudge(trx, { id, type: body.type, from_user_id: fromUserId, to_user_id: recipient.user_id, event_id: body.event_id ?? null, created_at: at, is_read: false });
      // The recipient's devices hear of it with the nudge's commit: queued here, sent once committed.
      const pushed = await push.queue(trx, [{ userId: recipient.user_id, kind: 'nudges', sourceKey: `nudge:${id}`, payload: pushPayloads.nudge(id, body.type, sender.name) }]);
      return { line: await pulse.store(trx, nudgeDraft(body.type, fromUserId, recipient.user_id), at), pushed };
    });
    if (pushed > 0) push.kick();
    if (line) await pulse.announce(line);
    return {
      id,
      type: body.type,
      from_name: sender.name,
      from_username: sender.username,
      message: nudgeMessage(body.type, sender.name),
      created_at: at.toISOString(),
      is_read: false,
    };
  };
}
