import { randomUUID } from 'node:crypto';
import { personName, type PulseEvent } from '@warriors/contracts';
import type { Bus, Clock, Logger } from '@warriors/kit';
import { challengeLineDate, type PulseDraft } from '../domain/pulse';
import { insertPulseEvent } from '../store/pulse.store';
import type { Executor } from '../store/schema';
import { findUser } from '../store/users.store';

/**
 * The transient subject every social instance listens on and sends to its own sockets. Outside the
 * JetStream stream's subjects: a live line is not replayed (GET /api/battle-pulse is the history).
 */
export const LIVE_PULSE_SUBJECT = 'live.pulse';

export type PulseLines = ReturnType<typeof createPulseLines>;

/** What makes a pulse line, for the domain events' lines and the nudges' alike: storing it and announcing it live. */
export function createPulseLines(deps: { bus: Bus; clock: Clock; logger: Logger }) {
  const { bus, clock, logger } = deps;

  /**
   * Stores a draft unless its user or related user hides from the pulse now (no event is made while a
   * flag is off, so turning it back on shows nothing from that time), or it is a challenge line its user
   * already has for that challenge that day; answers the line as read. The other broker a line speaks
   * of is named in its words as every list names them, as they were named then (a later rename keeps
   * old lines as they were).
   * Runs inside the caller's transaction, which holds the user's lock.
   */
  async function store(trx: Executor, draft: PulseDraft, at: Date): Promise<PulseEvent | null> {
    const user = await findUser(trx, draft.user_id);
    if (!user?.show_in_battle_pulse) return null;
    const related = draft.related_user_id === null ? null : await findUser(trx, draft.related_user_id);
    let message: string;
    if (draft.related_user_id === null) message = draft.message;
    else if (related?.show_in_battle_pulse) message = draft.message(personName(related.name, related.username));
    else return null;
    const id = randomUUID();
    const { challenge_id, type, user_id, related_user_id } = draft;
    const row = {
      id,
      type,
      user_id,
      related_user_id,
      message,
      created_at: at,
      stored_at: clock.now(),
      challenge_id: challenge_id ?? null,
      challenge_date: challenge_id === undefined ? null : challengeLineDate(at),
    };
    if (!(await insertPulseEvent(trx, row))) return null;
    return { id, type, user_id, username: user.username, name: user.name, message, related_user: related?.username ?? null, created_at: at.toISOString() };
  }

  /** Sends a stored line to every instance's sockets; the line is already stored, so a failed send costs only its live delivery. */
  async function announce(event: PulseEvent): Promise<void> {
    try {
      await bus.publishTransient(LIVE_PULSE_SUBJECT, event);
    } catch (err) {
      logger.warn({ err: (err as Error).message, pulse_event: event.id }, 'live pulse not sent');
    }
  }

  return { store, announce };
}
