import type { Bus, Clock, Subscription } from '@warriors/kit';
import type { RecordDeps } from '../use-cases/record-activity';
import { reverseActivity } from '../use-cases/reverse-activity';

export const ACTIVITY_DELETED_DURABLE = 'challenges_activity_deleted';

/**
 * A deleted entry's credits taken back from the challenges it scored in (reverseActivity), one
 * deletion at a time: they are rare. A deletion that arrives before its log needs no retry: the log,
 * meeting the entry's deletion mark, scores nothing.
 */
export function consumeActivityDeleted(deps: RecordDeps & { bus: Bus; clock: Clock }): Promise<Subscription> {
  const options = { durable: ACTIVITY_DELETED_DURABLE, subjects: ['activity.deleted'] as const };
  return deps.bus.consume(options, async (event) => {
    await reverseActivity(deps, event, deps.clock.now());
  });
}
