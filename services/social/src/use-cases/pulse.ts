import { randomUUID } from 'node:crypto';
import type { PulseEvent } from '@warriors/contracts';
import { lockAllAndMarkApplied, type Bus, type Clock, type Logger, type UserDirectory } from '@warriors/kit';
import { challengeLineDate, pulseDraftOf, type PulseDraft, type PulseSource } from '../domain/pulse';
import { insertPulseEvent, recentPulseEvents } from '../store/pulse.store';
import { SCHEMA, type Executor } from '../store/schema';
import { findUser, projectedUsers, userLock, type SocialUser } from '../store/users.store';

/**
 * The transient subject every social instance listens on and sends to its own sockets. Outside the
 * JetStream stream's subjects: a live line is not replayed (GET /api/battle-pulse is the history).
 */
export const LIVE_PULSE_SUBJECT = 'live.pulse';

export type Pulse = ReturnType<typeof createPulse>;

export function createPulse(deps: { db: Executor; bus: Bus; clock: Clock; logger: Logger; directory: UserDirectory<SocialUser> }) {
  const { db, bus, logger } = deps;

  /**
   * Stores a draft unless its user or related user hides from the pulse now (no event is made while a
   * flag is off, so turning it back on shows nothing from that time), or it is a challenge line its user
   * already has for that challenge that day; answers the line as read.
   * Runs inside the caller's transaction, which holds the user's lock.
   */
  async function store(trx: Executor, draft: PulseDraft, at: Date): Promise<PulseEvent | null> {
    const user = await findUser(trx, draft.user_id);
    const related = draft.related_user_id === null ? null : await findUser(trx, draft.related_user_id);
    if (!user?.show_in_battle_pulse) return null;
    if (draft.related_user_id !== null && !related?.show_in_battle_pulse) return null;
    const id = randomUUID();
    const { challenge_id, ...line } = draft;
    const row = { id, ...line, created_at: at, challenge_id: challenge_id ?? null, challenge_date: challenge_id === undefined ? null : challengeLineDate(at) };
    if (!(await insertPulseEvent(trx, row))) return null;
    return { id, type: draft.type, user_id: draft.user_id, username: user.username, message: draft.message, related_user: related?.username ?? null, created_at: at.toISOString() };
  }

  /** Sends a stored line to every instance's sockets; the line is already stored, so a failed send costs only its live delivery. */
  async function announce(event: PulseEvent): Promise<void> {
    try {
      await bus.publishTransient(LIVE_PULSE_SUBJECT, event);
    } catch (err) {
      logger.warn({ err: (err as Error).message, pulse_event: event.id }, 'live pulse not sent');
    }
  }

  /** One domain event: its line stored once (the inbox row commits with it), then announced. */
  async function onSourceEvent(event: PulseSource): Promise<void> {
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
  }

  return {
    store,
    announce,
    onSourceEvent,
    recent: (limit: number) => recentPulseEvents(db, limit),
  };
}
