import type { ActivityEffects, EventOf } from '@warriors/contracts';
import { consumeInBatches, ONE_BATCH_AT_A_TIME, publishEffects, type Bus, type Clock, type Subscription } from '@warriors/kit';
import { dayKey } from '../domain/windows';
import { rankChanged } from '../domain/score-events';
import type { Leaderboards } from '../use-cases/leaderboards';
import { recordBatch, type RecordDeps, type RecordOutcome } from '../use-cases/record-activity';

export const ACTIVITY_DURABLE = 'gamification_activity';

export interface ActivityConsumerDeps extends RecordDeps {
  bus: Bus;
  clock: Clock;
  leaderboards: Leaderboards;
}

// Milestones belong to goals: campaigns reports them.
const NOT_RANKED: Omit<ActivityEffects, 'activity_id'> = {
  source: 'gamification',
  badges: [],
  milestones: [],
  rank_change: null,
  campaign_completed: null,
  held_message: null,
  streak_days: null,
};

/** Whether an activity's points go on the boards after the commit (a redelivery's too: a crash may have come between the commit and the boards). */
function goesOnBoards(outcome: RecordOutcome): boolean {
  // A held entry reaches the boards when its broker confirms it (confirmHeldActivity), not before.
  return outcome.kind === 'applied' || (outcome.kind === 'duplicate' && !outcome.held);
}

/**
 * What follows the commit for a batch: its points on the boards in one call to the store, then each
 * activity's effects for the waiting POST (none for a redelivery or a deleted user's), the climbs
 * read from the boards for the batch at once.
 */
async function afterCommit(deps: ActivityConsumerDeps, events: Array<EventOf<'activity.logged'>>, outcomes: RecordOutcome[]): Promise<Array<ActivityEffects | null>> {
  // Keyed by the activity (as the ledger is), and run on redeliveries too: each goes in once.
  // The author refreshes the boards right after their log answers: addPoints drops this instance's stale top 20.
  const onBoards = events.filter((_, i) => goesOnBoards(outcomes[i]!));
  await deps.leaderboards.addPoints(onBoards.map(({ data }) => ({ applyId: data.activity_id, userId: data.user_id, localDate: data.local_date, points: data.points })));
  const ranked = events.flatMap((event, i) => (outcomes[i]!.kind === 'applied' ? [event] : []));
  const rankChanges = await deps.leaderboards.rankChangesAfter(ranked.map(({ data }) => ({ userId: data.user_id, key: dayKey(data.local_date), points: data.points })));
  const rankChangeOf = new Map(ranked.map((event, i) => [event, rankChanges[i]!]));
  return events.map(({ data }, i) => {
    const outcome = outcomes[i]!;
    if (outcome.kind === 'held') return { ...NOT_RANKED, activity_id: data.activity_id, held_message: outcome.message, streak_days: outcome.streak };
    if (outcome.kind !== 'applied') return null;
    return { ...NOT_RANKED, activity_id: data.activity_id, badges: outcome.badges, rank_change: rankChangeOf.get(events[i]!) ?? null, streak_days: outcome.streak };
  });
}

/**
 * The live pulse hears of each climb straight from the bus, not through the outbox: the rank is read
 * from the boards after the commit, and its id (the activity's) drops a redelivery's copy
 * (docs/decisions.md: a crash before this publish loses only a pulse item).
 */
async function publishRankChanges(deps: ActivityConsumerDeps, events: Array<EventOf<'activity.logged'>>, effects: Array<ActivityEffects | null>): Promise<void> {
  const at = deps.clock.now();
  const climbs = events.flatMap((event, i) => {
    const change = effects[i]?.rank_change;
    if (!change || change.positions_gained <= 0) return [];
    return [rankChanged(event.data.activity_id, event.data.user_id, event.data.local_date, change, at, event.requestId)];
  });
  await Promise.all(climbs.map((climb) => deps.bus.publish(climb, { msgId: climb.id })));
}

async function onActivitiesLogged(deps: ActivityConsumerDeps, events: Array<EventOf<'activity.logged'>>): Promise<void> {
  const { outcomes, enqueued } = await recordBatch(deps, events, deps.clock.now());
  const effects = await afterCommit(deps, events, outcomes);
  // The batch's points.awarded (and streaks, badges) leave after the boards took the points: a
  // dashboard refetches them when it hears of points.awarded (social's 'boards.changed').
  deps.outbox.send(enqueued);
  await Promise.all([
    publishEffects(
      deps.bus,
      effects.filter((e) => e !== null),
    ),
    publishRankChanges(deps, events, effects),
  ]);
}

export function consumeActivityLogged(deps: ActivityConsumerDeps): Promise<Subscription> {
  // A batch applies in one transaction (recordBatch), taking its users' locks in one order; a
  // failing batch is applied again one event at a time by the bus.
  const options = { durable: ACTIVITY_DURABLE, subjects: ['activity.logged'] as const, ...ONE_BATCH_AT_A_TIME };
  return consumeInBatches(deps.bus, options, (events) => onActivitiesLogged(deps, events));
}
