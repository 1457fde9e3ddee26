import { consumeInBatches, ONE_BATCH_AT_A_TIME, type Clock, type Subscription, type Bus } from '@warriors/kit';
import { recordActivities, type RecordDeps } from '../use-cases/record-activity';

export const ACTIVITY_DURABLE = 'challenges_activity';

/** Scores activity.logged in challenges (a failing batch is applied again one event at a time by the bus). */
export function consumeActivityLogged(deps: RecordDeps & { bus: Bus; clock: Clock }): Promise<Subscription> {
  const options = { durable: ACTIVITY_DURABLE, subjects: ['activity.logged'] as const, ...ONE_BATCH_AT_A_TIME };
  return consumeInBatches(deps.bus, options, async (events) => {
    await recordActivities(deps, events, deps.clock.now());
  });
}
