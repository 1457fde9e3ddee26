import type { EventOf } from '@warriors/contracts';
import { applyBatchOnce, byUserOnce, markEntryDeleted } from '@warriors/kit';
import { takeBackCredit } from '../domain/goal';
import { saveProgress, takeCreditsOf } from '../store/goals.store';
import { SCHEMA, type Executor } from '../store/schema';
import { userLock } from '../store/users.store';

/** What applying a deletion did: the goals it took credit back from (none for a redelivery). */
export type ReverseOutcome = { kind: 'reversed'; goalIds: number[] } | { kind: 'duplicate' };

/**
 * activity.deleted in campaigns, in ONE transaction under the user's lock with the inbox entry: the
 * entry marked deleted (so a log of it applied later credits nothing), and what it credited to each
 * goal (goal_credits) taken back from exactly those goals and removed. A completed goal keeps its
 * completion and tally (takeBackCredit). A deletion seen before, by its event id or its entry, changes
 * nothing.
 */
export async function reverseActivity(db: Executor, event: EventOf<'activity.deleted'>, at: Date): Promise<ReverseOutcome> {
  return applyBatchOnce(db, [event], byUserOnce(SCHEMA, at, userLock), async ({ trx, fresh }) => {
    if (fresh.length === 0 || !(await markEntryDeleted(trx, SCHEMA, event.data.activity_id, at))) return { kind: 'duplicate' };
    const credited = await takeCreditsOf(trx, event.data.activity_id);
    const goals = credited.map(({ goal, credit }) => ({ ...goal, state: takeBackCredit(goal.state, credit) }));
    await saveProgress(trx, goals);
    return { kind: 'reversed', goalIds: goals.map((g) => g.id) };
  });
}
