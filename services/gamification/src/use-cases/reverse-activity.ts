import type { EventOf } from '@warriors/contracts';
import { applyBatchOnce, byUserOnce, type Outbox } from '@warriors/kit';
import { badgesNoLongerMet } from '../domain/batch-badges';
import { reversalPointsAwarded } from '../domain/score-events';
import { revokeBadges } from '../store/badges.store';
import { badgeContextOn, lockKey, reverseEntry, type ReversalRow } from '../store/ledger.store';
import { SCHEMA, type Executor } from '../store/schema';
import { isDeleted } from '../store/users.store';

export interface ReverseDeps {
  db: Executor;
  outbox: Outbox;
  dailyGoalPoints: number;
}

/** Thrown while the deleted entry's log is not in the ledger yet: the bus delivers the deletion again later. */
export class EntryNotInLedgerYet extends Error {
  constructor(activityId: string) {
    super(`activity ${activityId} is not in the ledger yet: its deletion waits for its log`);
  }
}

/**
 * What applying a deletion left to do after the commit: the reversal's points off every board (again
 * on a redelivery: the boards' apply marker takes it once), none for a held entry's.
 */
export type ReverseOutcome = { kind: 'reversed'; row: ReversalRow; applied: boolean } | { kind: 'deleted-user' };

/**
 * The SQL half of activity.deleted, in one transaction under the user's lock with the inbox row: the
 * reversal row beside the entry in the ledger (the entry's row stays), the entry off the daily
 * totals (so the day's streak and the badge rules no longer see it), the badges of the day's cycles
 * whose rule no longer holds revoked, and the reversal's points.awarded in the outbox. An entry that
 * was held takes nothing back: it fed nothing. A deletion seen before is answered from the reversal
 * in place, changing nothing.
 */
export async function reverseActivity(deps: ReverseDeps, event: EventOf<'activity.deleted'>, at: Date): Promise<ReverseOutcome> {
  const { data } = event;
  return applyBatchOnce(deps.db, [event], byUserOnce(SCHEMA, at, lockKey), async ({ trx, fresh }) => {
    const outcome = await reverseEntry(trx, data.user_id, data.activity_id, at);
    if (outcome.kind === 'missing') {
      if (await isDeleted(trx, data.user_id)) return { kind: 'deleted-user' };
      throw new EntryNotInLedgerYet(data.activity_id);
    }
    const { row, inserted } = outcome;
    if (fresh.length > 0 && inserted && !row.held) {
      const context = await badgeContextOn(trx, data.user_id, row.local_date);
      await revokeBadges(trx, data.user_id, badgesNoLongerMet(context, row.local_date, deps.dailyGoalPoints));
      await deps.outbox.enqueue(
        trx,
        reversalPointsAwarded({ user_id: data.user_id, points: row.points, local_date: row.local_date, activity_id: data.activity_id }, at, event.requestId),
      );
    }
    return { kind: 'reversed', row, applied: inserted };
  });
}
