import type { CampaignCompleted, DomainEvent, EventOf, Milestone } from '@warriors/contracts';
import { applyBatchOnce, byUserOnce, deletedEntriesAmong, type Outbox } from '@warriors/kit';
import { creditBetween, creditGoal } from '../domain/goal';
import { campaignCompleted } from '../domain/campaign-events';
import { creditedPairs, creditKey, openGoalsOfLiveUsers, saveCredits, saveProgress, type GoalCredit } from '../store/goals.store';
import type { UserGoal } from '../domain/view';
import { SCHEMA, type Executor } from '../store/schema';
import { userLock } from '../store/users.store';

export type RecordOutcome =
  | { kind: 'applied'; milestones: Milestone[]; completed: CampaignCompleted | null }
  /** Applied before: its effects were published then. */
  | { kind: 'duplicate' };

type RecordDeps = { db: Executor; outbox: Outbox };

/**
 * Credits one activity to the user's open goals whose window holds it, in one transaction with the
 * inbox entry, what it credited to each goal (goal_credits, what its deletion takes back) and any
 * campaign.completed events (outbox): a redelivered activity changes nothing, nor does one whose
 * deletion was applied first (deleted_entries).
 */
export async function recordActivity(deps: RecordDeps, event: EventOf<'activity.logged'>, at: Date): Promise<RecordOutcome> {
  const [outcome] = await recordActivities(deps, [event], at);
  return outcome!;
}

/**
 * Credits a batch of activities in ONE transaction, each as recordActivity would, in at most seven
 * statements per batch whatever its size: the batch's user locks (taken in inLockOrder's order, so
 * batches sharing users never deadlock) with every inbox entry, one read of those users' open
 * goals, one read of the entries already deleted (when some user has a goal), one read of the credits of
 * entries made before a goal that credited its day's earlier ones (only for such entries), one write of the changed goals' progress, one of
 * the credits and one outbox insert of the completions. A user's
 * activities are credited in delivery order, each on the goals as the previous one left them (in
 * memory), and each changed goal is written once with its last state. Any failure rolls back the
 * whole batch (the bus then applies its events one by one). Outcomes come back in the order of `events`.
 */
export async function recordActivities(deps: RecordDeps, events: ReadonlyArray<EventOf<'activity.logged'>>, at: Date): Promise<RecordOutcome[]> {
  return applyBatchOnce(deps.db, events, byUserOnce(SCHEMA, at, userLock), async ({ trx, ordered, fresh }) => {
    // Read under the locks (a statement after them), so it sees the tallies earlier transactions wrote.
    const goalsByUser = await openGoalsOfLiveUsers(trx, [...new Set(fresh.map((e) => e.data.user_id))]);
    // Only an entry that could credit a goal is looked up: a batch of users without goals costs no statement more.
    const couldCredit = fresh.filter((e) => (goalsByUser.get(e.data.user_id)?.length ?? 0) > 0);
    const deleted = await deletedEntriesAmong(
      trx,
      SCHEMA,
      couldCredit.map((e) => e.data.activity_id),
    );
    // An entry made before a goal that credited its day's earlier entries when it was made may be one
    // of them: its credits are read (one statement, only when the batch has such an entry).
    const madeBefore = couldCredit.filter((e) =>
      goalsByUser.get(e.data.user_id)!.some((g) => g.backfilledUntil !== null && Date.parse(e.data.occurred_at) <= g.backfilledUntil.getTime()),
    );
    const alreadyCredited = await creditedPairs(
      trx,
      madeBefore.map((e) => e.data.activity_id),
    );
    const changed = new Map<number, UserGoal>();
    const credits: GoalCredit[] = [];
    const completions: DomainEvent[] = [];
    const outcomes = new Map<EventOf<'activity.logged'>, RecordOutcome>();
    const first = new Set(fresh);
    for (const event of ordered) {
      // The first copy of an event id in the batch applies it; a later copy is a redelivery.
      if (!first.has(event)) outcomes.set(event, { kind: 'duplicate' });
      // A deleted entry (its deletion applied first) credits nothing: there is nothing to take back then.
      else if (deleted.has(event.data.activity_id)) outcomes.set(event, { kind: 'applied', milestones: [], completed: null });
      else outcomes.set(event, applyOne(event, goalsByUser.get(event.data.user_id) ?? null, alreadyCredited, { changed, credits, completions }));
    }
    await saveProgress(trx, [...changed.values()]);
    await saveCredits(trx, credits);
    await deps.outbox.enqueueAll(trx, completions);
    return events.map((event) => outcomes.get(event)!);
  });
}

/**
 * Credits one activity to `goals` (the user's open goals, updated in place; null: user deleted),
 * noting the goals it changed, what it credited to each and the campaign.completed events of the
 * goals it completed; a goal it credited when the goal was made (`alreadyCredited`) is skipped.
 */
function applyOne(
  event: EventOf<'activity.logged'>,
  goals: UserGoal[] | null,
  alreadyCredited: ReadonlySet<string>,
  into: { changed: Map<number, UserGoal>; credits: GoalCredit[]; completions: DomainEvent[] },
): RecordOutcome {
  const { changed, credits, completions } = into;
  const { data } = event;
  const occurredAt = new Date(data.occurred_at);
  if (goals === null) return { kind: 'applied', milestones: [], completed: null };
  const milestones: Milestone[] = [];
  let completed: CampaignCompleted | null = null;
  for (const [i, goal] of goals.entries()) {
    // What the per-activity read filtered: goals started by then and not completed (by an earlier activity of the batch too).
    if (goal.state.completedAt !== null || goal.state.startedAt.getTime() > occurredAt.getTime()) continue;
    // Credited when the goal was made, with the day's earlier entries.
    if (alreadyCredited.has(creditKey(data.activity_id, goal.id))) continue;
    const outcome = creditGoal(goal.state, { activityType: data.activity_type, quantity: data.quantity, points: data.points, occurredAt });
    if (!outcome.credited) continue;
    const next = { ...goal, state: outcome.goal };
    goals[i] = next;
    changed.set(next.id, next);
    credits.push({ activityId: data.activity_id, goalId: next.id, ...creditBetween(goal.state.tally, next.state.tally, data.activity_type) });
    if (outcome.milestone) milestones.push(outcome.milestone);
    if (outcome.completed) {
      completions.push(
        campaignCompleted(next, { activityId: data.activity_id, localDate: data.local_date, timezone: data.timezone, ...(event.requestId ? { requestId: event.requestId } : {}) }),
      );
      // The log result carries one completion; the first goal it completed (all get their event and bonus).
      completed ??= { campaign_name: next.state.name, bonus_points: next.campaign.bonusPoints, badge_earned: next.campaign.badgeName };
    }
  }
  return { kind: 'applied', milestones, completed };
}
