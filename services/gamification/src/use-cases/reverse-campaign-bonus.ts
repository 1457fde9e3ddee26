import type { EventOf } from '@warriors/contracts';
import { DependencyUnavailableError, lockAllAndMarkApplied, type Outbox } from '@warriors/kit';
import { bonusReversalPointsAwarded } from '../domain/score-events';
import { lockKey, reverseBonus, type ReversalRow } from '../store/ledger.store';
import { SCHEMA, type Executor } from '../store/schema';
import { isDeleted } from '../store/users.store';
import { ACTIVITY_WAIT_MS } from './record-campaign-bonus';

export type BonusReversalOutcome =
  /** The reversal is in the ledger (`applied`: by this delivery); unless held, its points leave the boards. */
  | { kind: 'reversed'; row: ReversalRow; applied: boolean }
  /** The bonus never reached the ledger within the wait: nothing to take back. */
  | { kind: 'missing' }
  | { kind: 'deleted-user' };

/**
 * The SQL half of campaign.reopened (an undo took a completed goal below its target), in one
 * transaction under the user's lock with the inbox row: the reversal of that completion's bonus beside
 * it in the ledger, held as the bonus is (a held bonus never reached the boards, and stays held), and
 * its points.awarded in the outbox. The bonus's campaign.completed travels on another durable and may
 * come later: until it is in, the reopening is retried in place like an outage, for as long as a
 * bonus waits for its activity.
 */
export async function reverseCampaignBonus(db: Executor, outbox: Outbox, event: EventOf<'campaign.reopened'>, at: Date): Promise<BonusReversalOutcome> {
  const { data } = event;
  return db.transaction().execute(async (trx): Promise<BonusReversalOutcome> => {
    const firstTime = (await lockAllAndMarkApplied(trx, SCHEMA, [lockKey(data.user_id)], [event.id], at)).has(event.id);
    if (await isDeleted(trx, data.user_id)) return { kind: 'deleted-user' };
    const outcome = await reverseBonus(trx, data.user_id, data.completed_event_id, at);
    if (outcome.kind === 'missing') {
      if (at.getTime() - Date.parse(event.occurredAt) < ACTIVITY_WAIT_MS) throw new DependencyUnavailableError('the bonus the re-opened goal paid');
      return { kind: 'missing' };
    }
    const { row, inserted } = outcome;
    if (firstTime && inserted && !row.held) {
      const award = { user_id: data.user_id, points: row.points, local_date: row.local_date, source_id: data.completed_event_id, activity_id: data.activity_id };
      await outbox.enqueue(trx, bonusReversalPointsAwarded(award, at, event.requestId));
    }
    return { kind: 'reversed', row, applied: inserted };
  });
}
