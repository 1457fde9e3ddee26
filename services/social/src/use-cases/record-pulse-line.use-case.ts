import { lockAllAndMarkApplied, type Clock, type UserDirectory } from '@warriors/kit';
import { pulseDraftOf, type PulseSource } from '../domain/pulse';
import { SCHEMA, type Executor } from '../store/schema';
import { projectedUsers, userLock, type SocialUser } from '../store/users.store';
import type { PulseLines } from './pulse-lines';

/** One domain event: its line stored once (the inbox row commits with it), then announced. */
export function recordPulseLine(deps: { db: Executor; clock: Clock; directory: UserDirectory<SocialUser>; lines: PulseLines }) {
  const { db } = deps;
  const { store, announce } = deps.lines;

  return async function onSourceEvent(event: PulseSource): Promise<void> {
    const draft = pulseDraftOf(event);
    if (!draft) return;
    // Fetched from auth when unknown (before the transaction: a network round trip holds no lock).
    for (const userId of [draft.user_id, draft.related_user_id]) if (userId !== null) await deps.directory.resolve(userId);
    const line = await db.transaction().execute(async (trx) => {
      const keys = [draft.user_id, draft.related_user_id]
        .filter((id): id is string => id !== null)
        .map(userLock)
        .sort();
      const fresh = await lockAllAndMarkApplied(trx, SCHEMA, keys, [event.id], deps.clock.now());
      if (!fresh.has(event.id)) return null;
      if (await projectedUsers.isDeleted(trx, draft.user_id)) return null;
      // Dated when it happened, not when this consumer got to it: the pulse reads in the order things happened.
      return store(trx, draft, new Date(event.occurredAt));
    });
    if (line) await announce(line);
  };
}
