import { consumeInBatches, type Clock, type Subscription, type Bus } from '@warriors/kit';
import { recordActivities, type RecordDeps } from '../use-cases/record-activity';

export const ACTIVITY_DURABLE = 'challenges_activity';

/**
 * One batch at a time, and a batch that is not full waits up to 25 ms for more: a batch's cost is
 * mostly its fixed statements (the transaction, the locks, the memberships, the units, the credits),
 * so under load fuller batches cost each log far less, and a challenge board trailing a log by 25 ms
 * more is not seen (the log's own answer does not wait for challenges).
 */
export const SCORING_BATCH = { concurrency: 1, batch: { max: 128, maxWaitMs: 25 } } as const;

/** Scores activity.logged in challenges (a failing batch is applied again one event at a time by the bus). */
export function consumeActivityLogged(deps: RecordDeps & { bus: Bus; clock: Clock }): Promise<Subscription> {
  const options = { durable: ACTIVITY_DURABLE, subjects: ['activity.logged'] as const, ...SCORING_BATCH };
  return consumeInBatches(deps.bus, options, async (events) => {
    await recordActivities(deps, events, deps.clock.now());
  });
}
