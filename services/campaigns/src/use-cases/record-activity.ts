import type { CampaignCompleted, EventOf, Milestone } from '@warriors/contracts';
import { inLockOrder, lockAndMarkApplied, type Outbox } from '@warriors/kit';
import { creditGoal } from '../domain/goal';
import { campaignCompleted } from '../events/campaign-events';
import { openGoalsOfLiveUser, saveGoal } from '../store/goals.store';
import { SCHEMA, type Executor } from '../store/schema';

export type RecordOutcome =
  | { kind: 'applied'; milestones: Milestone[]; completed: CampaignCompleted | null }
  /** Applied before: its effects were published then. */
  | { kind: 'duplicate' };

export const userLock = (userId: string) => `campaigns:${userId}`;

type RecordDeps = { db: Executor; outbox: Outbox };

/**
 * Credits one activity to the user's open goals whose window holds it, in one transaction with the
 * inbox entry and any campaign.completed events (outbox): a redelivered activity changes nothing.
 */
export async function recordActivity(deps: RecordDeps, event: EventOf<'activity.logged'>, at: Date): Promise<RecordOutcome> {
  const [outcome] = await recordActivities(deps, [event], at);
  return outcome!;
}

/**
 * Credits a batch of activities in ONE transaction (one begin and one commit for all of them), each
 * as recordActivity would. They are applied grouped by user in a stable order (inLockOrder), so
 * batches sharing users take the locks in one order and never deadlock, and a user's activities
 * keep their delivery order. Any failure rolls back the whole batch (the bus then applies its
 * events one by one). Outcomes come back in the order of `events`.
 */
export async function recordActivities(deps: RecordDeps, events: ReadonlyArray<EventOf<'activity.logged'>>, at: Date): Promise<RecordOutcome[]> {
  return deps.db.transaction().execute(async (trx) => {
    const outcomes = new Map<EventOf<'activity.logged'>, RecordOutcome>();
    for (const event of inLockOrder(events, (e) => e.data.user_id)) outcomes.set(event, await applyOne(deps, trx, event, at));
    return events.map((event) => outcomes.get(event)!);
  });
}

async function applyOne(deps: RecordDeps, trx: Executor, event: EventOf<'activity.logged'>, at: Date): Promise<RecordOutcome> {
  const { data } = event;
  const occurredAt = new Date(data.occurred_at);
  // One user's activities (and their joins and edits) apply one at a time: each reads the tally the previous wrote.
  if (!(await lockAndMarkApplied(trx, SCHEMA, userLock(data.user_id), event.id, at))) return { kind: 'duplicate' };
  // Read under the lock (a statement after it), so it sees the tally the user's previous activity wrote.
  const goals = await openGoalsOfLiveUser(trx, data.user_id, occurredAt);
  if (goals === null) return { kind: 'applied', milestones: [], completed: null };
  const milestones: Milestone[] = [];
  let completed: CampaignCompleted | null = null;
  for (const goal of goals) {
    const outcome = creditGoal(goal.state, { activityType: data.activity_type, quantity: data.quantity, points: data.points, occurredAt });
    if (!outcome.credited) continue;
    const next = { ...goal, state: outcome.goal };
    await saveGoal(trx, next);
    if (outcome.milestone) milestones.push(outcome.milestone);
    if (outcome.completed) {
      await deps.outbox.enqueue(
        trx,
        campaignCompleted(next, { activityId: data.activity_id, localDate: data.local_date, timezone: data.timezone, ...(event.requestId ? { requestId: event.requestId } : {}) }),
      );
      // The log result carries one completion; the first goal it completed (all get their event and bonus).
      completed ??= { campaign_name: next.state.name, bonus_points: next.campaign.bonusPoints, badge_earned: next.campaign.badgeName };
    }
  }
  return { kind: 'applied', milestones, completed };
}
