import type { EventOf } from '@warriors/contracts';
import { DependencyUnavailableError, lockAllAndMarkApplied, type Outbox } from '@warriors/kit';
import { bonusEntryFor } from '../domain/ledger';
import { bonusPointsAwarded } from '../domain/score-events';
import { bonusStateOf, insertBonusEntry, lockKey } from '../store/ledger.store';
import { SCHEMA, type Executor } from '../store/schema';
import { isDeleted } from '../store/users.store';

/** How long a bonus waits for the activity that completed its goal (normally milliseconds behind it). */
export const ACTIVITY_WAIT_MS = 10 * 60 * 1000;

export type BonusOutcome =
  | { kind: 'applied' }
  /** In the ledger, held until its user confirms their held entries: off the boards. */
  | { kind: 'held' }
  /** The ledger has it already; the boards may not (a crash between commit and apply) unless it is still held. */
  | { kind: 'duplicate'; held: boolean }
  | { kind: 'deleted-user' };

/**
 * The SQL half of campaign.completed: inbox, the bonus's ledger row and (unless held) its
 * points.awarded in one transaction, under the
 * user's lock (the one activity batches take), so the hold is decided on the user's entries as their
 * batches left them. A bonus is held when the user has any entry held above a daily ceiling: a goal
 * credits held entries, and its bonus must not reach the boards the entries may not reach. No badge
 * rules: a bonus is not logged work, so it changes nothing badges read. The lock also serializes it
 * with the user's deletion.
 */
export async function recordCampaignBonus(db: Executor, outbox: Outbox, event: EventOf<'campaign.completed'>, at: Date): Promise<BonusOutcome> {
  const entry = bonusEntryFor(event);
  return db.transaction().execute(async (trx): Promise<BonusOutcome> => {
    const firstTime = (await lockAllAndMarkApplied(trx, SCHEMA, [lockKey(entry.user_id)], [event.id], at)).has(event.id);
    if (await isDeleted(trx, entry.user_id)) return { kind: 'deleted-user' };
    const state = await bonusStateOf(trx, entry.user_id, event.data.activity_id, entry.source_id);
    if (!firstTime || state.bonusHeld !== null) return { kind: 'duplicate', held: state.bonusHeld === true };
    // Campaigns credit the activity from their own copy of activity.logged, which may be applied
    // here before ours: until ours is in, whether it is held is unknown. Rolled back and retried
    // in place like an outage, so the bonus is neither held for nothing nor let through early.
    // The wait is bounded: an activity.logged that never comes (dead-lettered here) must not stop
    // every later bonus behind this one; past the bound the hold is decided on the entries we have.
    if (!state.activityArrived && at.getTime() - Date.parse(event.occurredAt) < ACTIVITY_WAIT_MS) {
      throw new DependencyUnavailableError('activity that completed the goal');
    }
    await insertBonusEntry(trx, entry, state.heldEntries);
    // A held bonus awards its points when its user's held entries are confirmed (HeldActivities.confirm).
    if (!state.heldEntries) await outbox.enqueue(trx, bonusPointsAwarded(entry, at));
    return { kind: state.heldEntries ? 'held' : 'applied' };
  });
}
