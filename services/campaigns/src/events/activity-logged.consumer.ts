import type { ActivityEffects, EventOf } from '@warriors/contracts';
import { consumeInBatches, ONE_BATCH_AT_A_TIME, publishEffects, type Bus, type Clock, type Outbox, type Subscription } from '@warriors/kit';
import type { Executor } from '../store/schema';
import { recordActivities, type RecordOutcome } from '../use-cases/record-activity';

export const ACTIVITY_DURABLE = 'campaigns_activity';

export interface ActivityConsumerDeps {
  db: Executor;
  bus: Bus;
  clock: Clock;
  outbox: Outbox;
}

function effectsOf(event: EventOf<'activity.logged'>, outcome: RecordOutcome): ActivityEffects | null {
  // A redelivery published its effects the first time; the POST that waited for them has answered.
  if (outcome.kind === 'duplicate') return null;
  // Answered even when nothing changed: the logging request waits for every source, and an empty answer ends its wait.
  return {
    activity_id: event.data.activity_id,
    source: 'campaigns',
    badges: [],
    milestones: outcome.milestones,
    rank_change: null,
    campaign_completed: outcome.completed,
  };
}

async function onActivitiesLogged(deps: ActivityConsumerDeps, events: Array<EventOf<'activity.logged'>>): Promise<void> {
  const outcomes = await recordActivities(deps, events, deps.clock.now());
  // campaign.completed is the only event this outbox carries, and `completed` is set whenever an
  // activity enqueued one: a relay pass for a batch that completed nothing is a wasted transaction.
  if (outcomes.some((o) => o.kind === 'applied' && o.completed !== null)) deps.outbox.kick();
  const effects = events.map((event, i) => effectsOf(event, outcomes[i]!)).filter((e) => e !== null);
  await publishEffects(deps.bus, effects);
}

export function consumeActivityLogged(deps: ActivityConsumerDeps): Promise<Subscription> {
  // A batch credits in one transaction (recordActivities), taking its users' locks in one order; a
  // failing batch is applied again one event at a time by the bus.
  const options = { durable: ACTIVITY_DURABLE, subjects: ['activity.logged'] as const, ...ONE_BATCH_AT_A_TIME };
  return consumeInBatches(deps.bus, options, (events) => onActivitiesLogged(deps, events));
}
