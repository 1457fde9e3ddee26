import type { PulseEvent } from '@warriors/contracts';
import { lockAllAndMarkApplied, type Clock, type UserDirectory } from '@warriors/kit';
import { pulseDraftOf, type PulseDraft, type PulseSource } from '../domain/pulse';
import { SCHEMA, type Executor } from '../store/schema';
import { projectedUsers, userLock, type SocialUser } from '../store/users.store';
import type { PulseLines } from './pulse-lines';

/**
 * A batch of domain events: most say nothing in the pulse and cost no statement; the lines of the
 * others are stored in one transaction (each once: its inbox row commits with it), then announced.
 */
export function recordPulseLines(deps: { db: Executor; clock: Clock; directory: UserDirectory<SocialUser>; lines: PulseLines }) {
  const { db } = deps;
  const { store, announce } = deps.lines;

  return async function onSourceEvents(events: readonly PulseSource[]): Promise<void> {
    const drafts = events.flatMap((event) => {
      const draft = pulseDraftOf(event);
      return draft ? [{ event, draft }] : [];
    });
    if (drafts.length === 0) return;
    const userIds = new Set(drafts.flatMap(({ draft }) => [draft.user_id, draft.related_user_id]).filter((id): id is string => id !== null));
    // Fetched from auth when unknown (before the transaction: a network round trip holds no lock).
    for (const userId of userIds) await deps.directory.resolve(userId);
    const lines = await db.transaction().execute(async (trx) => {
      // Every user's lock in one order, so batches sharing users wait for each other instead of deadlocking.
      const fresh = await lockAllAndMarkApplied(
        trx,
        SCHEMA,
        [...userIds].map(userLock).sort(),
        drafts.map(({ event }) => event.id),
        deps.clock.now(),
      );
      const stored: PulseEvent[] = [];
      for (const { event, draft } of drafts) {
        // The first copy of an event id in the batch is the one recorded now; a later copy, or one applied before, changes nothing.
        if (!fresh.delete(event.id)) continue;
        const line = await storeUnlessDeleted(trx, draft, new Date(event.occurredAt));
        if (line) stored.push(line);
      }
      return stored;
    });
    for (const line of lines) await announce(line);
  };

  async function storeUnlessDeleted(trx: Executor, draft: PulseDraft, at: Date): Promise<PulseEvent | null> {
    if (await projectedUsers.isDeleted(trx, draft.user_id)) return null;
    // Dated when it happened, not when this consumer got to it: the pulse reads in the order things happened.
    return store(trx, draft, at);
  }
}
