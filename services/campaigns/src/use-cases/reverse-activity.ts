import type { EventOf } from '@warriors/contracts';
import { applyBatchOnce, byUserOnce, markEntryDeleted, type Outbox } from '@warriors/kit';
import { campaignReopened } from '../domain/campaign-events';
import { takeBackCredit } from '../domain/goal';
import { saveProgress, takeCreditsOf } from '../store/goals.store';
import { SCHEMA, type Executor } from '../store/schema';
import { userLock } from '../store/users.store';

/** What applying a deletion did: the goals it took credit back from and those it re-opened (none for a redelivery). */
export type ReverseOutcome = { kind: 'reversed'; goalIds: number[]; reopened: number[] } | { kind: 'duplicate' };

/**
 * activity.deleted in campaigns, in ONE transaction under the user's lock with the inbox entry: the
 * entry marked deleted (so a log of it applied later credits nothing), and what it credited to each
 * goal (goal_credits) taken back from exactly those goals and removed. A completed goal the entry
 * took over its target is open again, with campaign.reopened in the outbox (its bonus goes back in
 * gamification); one still at its target stays completed (takeBackCredit). A deletion seen before,
 * by its event id or its entry, changes nothing.
 */
export async function reverseActivity(deps: { db: Executor; outbox: Outbox }, event: EventOf<'activity.deleted'>, at: Date): Promise<ReverseOutcome> {
  return applyBatchOnce(deps.db, [event], byUserOnce(SCHEMA, at, userLock), async ({ trx, fresh }) => {
    if (fresh.length === 0 || !(await markEntryDeleted(trx, SCHEMA, event.data.activity_id, at))) return { kind: 'duplicate' };
    const credited = await takeCreditsOf(trx, event.data.activity_id);
    const taken = credited.map(({ goal, credit }) => {
      const { goal: state, reopened } = takeBackCredit(goal.state, credit);
      return { goal: { ...goal, state }, reopened };
    });
    const goals = taken.map((t) => t.goal);
    await saveProgress(trx, goals);
    const reopened = taken.filter((t) => t.reopened).map((t) => t.goal);
    const context = { activityId: event.data.activity_id, at, ...(event.requestId ? { requestId: event.requestId } : {}) };
    await deps.outbox.enqueueAll(
      trx,
      reopened.map((goal) => campaignReopened(goal, goal.state.completions, context)),
    );
    return { kind: 'reversed', goalIds: goals.map((g) => g.id), reopened: reopened.map((g) => g.id) };
  });
}
