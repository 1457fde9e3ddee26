import type { ActivityEffects, EventOf } from '@warriors/contracts';
import { consumeInBatches, ONE_BATCH_AT_A_TIME, publishEffects, type Bus, type Clock, type Subscription } from '@warriors/kit';
import { dayKey } from '../domain/windows';
import { rankChanged } from '../domain/score-events';
import type { Leaderboards } from '../use-cases/leaderboards';
import { recordActivities, type RecordDeps, type RecordOutcome } from '../use-cases/record-activity';

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

/** What follows the commit for one activity: the leaderboard apply, then its effects for the waiting POST (none for a redelivery). */
async function afterCommit(deps: ActivityConsumerDeps, event: EventOf<'activity.logged'>, outcome: RecordOutcome): Promise<ActivityEffects | null> {
  const { data } = event;
  if (outcome.kind === 'deleted-user') return null;
  // A held entry reaches the boards when its broker confirms it (confirmHeldActivity), not before.
  if (outcome.kind === 'held') return { ...NOT_RANKED, activity_id: data.activity_id, held_message: outcome.message, streak_days: outcome.streak };
  if (outcome.kind === 'duplicate' && outcome.held) return null;
  // Keyed by the activity (as the ledger is), and run on redeliveries too: it goes in once.
  // The author refreshes the boards right after their log answers: addPoints drops this instance's stale top 20.
  await deps.leaderboards.addPoints(data.activity_id, data.user_id, data.local_date, data.points);
  if (outcome.kind === 'duplicate') return null;
  const rankChange = await deps.leaderboards.rankChangeAfter(data.user_id, dayKey(data.local_date), data.points);
  return { ...NOT_RANKED, activity_id: data.activity_id, badges: outcome.badges, rank_change: rankChange, streak_days: outcome.streak };
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
  const outcomes = await recordActivities(deps, events, deps.clock.now());
  // Side by side: the Redis client pipelines concurrent commands into shared writes.
  const effects = await Promise.all(events.map((event, i) => afterCommit(deps, event, outcomes[i]!)));
  // An applied entry enqueued its points.awarded: one relay pass per batch; a batch of only held or
  // repeated events enqueued nothing, and a pass for it would be a wasted transaction. After the
  // boards: a dashboard refetches them when it hears of points.awarded (social's 'boards.changed').
  if (outcomes.some((o) => o.kind === 'applied')) deps.outbox.kick();
  await Promise.all([
    publishEffects(
      deps.bus,
      effects.filter((e) => e !== null),
    ),
    publishRankChanges(deps, events, effects),
  ]);
}

export function consumeActivityLogged(deps: ActivityConsumerDeps): Promise<Subscription> {
  // A batch applies in one transaction (recordActivities), taking its users' locks in one order; a
  // failing batch is applied again one event at a time by the bus.
  const options = { durable: ACTIVITY_DURABLE, subjects: ['activity.logged'] as const, ...ONE_BATCH_AT_A_TIME };
  return consumeInBatches(deps.bus, options, (events) => onActivitiesLogged(deps, events));
}
