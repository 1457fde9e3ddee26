import type { ActivityEffects, EventOf } from '@warriors/contracts';
import { consumeBatchesOf, ONE_BATCH_AT_A_TIME, publishEffects, type Bus, type Clock, type Logger, type Subscription } from '@warriors/kit';
import { dayKey, pointDeltas } from '../domain/windows';
import type { LeaderboardStore } from '../leaderboard';
import type { Leaderboards } from '../use-cases/leaderboards';
import { recordActivities, type RecordDeps, type RecordOutcome } from '../use-cases/record-activity';

export const ACTIVITY_DURABLE = 'gamification_activity';

export interface ActivityConsumerDeps extends RecordDeps {
  bus: Bus;
  clock: Clock;
  logger: Logger;
  store: LeaderboardStore;
  leaderboards: Leaderboards;
}

/** What follows the commit for one activity: the leaderboard apply, then its effects for the waiting POST (none for a redelivery). */
async function afterCommit(deps: ActivityConsumerDeps, event: EventOf<'activity.logged'>, outcome: RecordOutcome): Promise<ActivityEffects | null> {
  const { data } = event;
  if (outcome.kind === 'deleted-user') return null;
  // Keyed by the activity (as the ledger is), and run on redeliveries too: the store applies it once.
  const applied = await deps.store.apply(data.activity_id, data.user_id, pointDeltas(data.local_date, data.points));
  // The author refreshes the boards right after their log answers: this instance must not serve them a stale top 20.
  if (applied) deps.leaderboards.pointsApplied(data.user_id);
  if (outcome.kind === 'duplicate') return null;
  return {
    activity_id: data.activity_id,
    source: 'gamification',
    badges: outcome.badges,
    // Milestones belong to goals: campaigns reports them.
    milestones: [],
    rank_change: await deps.leaderboards.rankChangeAfter(data.user_id, dayKey(data.local_date), data.points),
    campaign_completed: null,
  };
}

async function onActivitiesLogged(deps: ActivityConsumerDeps, events: Array<EventOf<'activity.logged'>>): Promise<void> {
  const outcomes = await recordActivities(deps, events, deps.clock.now());
  // Only badge.earned goes through this outbox: a relay pass for a batch that earned none is a wasted transaction.
  if (outcomes.some((o) => o.kind === 'applied' && o.badges.length > 0)) deps.outbox.kick();
  // Side by side: the Redis client pipelines concurrent commands into shared writes.
  const effects = (await Promise.all(events.map((event, i) => afterCommit(deps, event, outcomes[i]!)))).filter((e) => e !== null);
  await publishEffects(deps.bus, effects);
}

export function consumeActivityLogged(deps: ActivityConsumerDeps): Promise<Subscription> {
  // A batch applies in one transaction (recordActivities), taking its users' locks in one order; a
  // failing batch is applied again one event at a time by the bus.
  const options = { durable: ACTIVITY_DURABLE, subjects: ['activity.logged'], ...ONE_BATCH_AT_A_TIME };
  return consumeBatchesOf(deps.bus, 'activity.logged', options, deps.logger, (events) => onActivitiesLogged(deps, events));
}
