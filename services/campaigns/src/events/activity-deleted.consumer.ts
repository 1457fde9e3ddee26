import type { Bus, Clock, Subscription } from '@warriors/kit';
import type { Executor } from '../store/schema';
import { reverseActivity } from '../use-cases/reverse-activity';

export const ACTIVITY_DELETED_DURABLE = 'campaigns_activity_deleted';

/**
 * A deleted entry's credit taken back from its goals (reverseActivity), one deletion at a time: they
 * are rare. A deletion that arrives before its log needs no retry: the log, meeting the entry's
 * deletion mark, credits nothing.
 */
export function consumeActivityDeleted(deps: { db: Executor; bus: Bus; clock: Clock }): Promise<Subscription> {
  const options = { durable: ACTIVITY_DELETED_DURABLE, subjects: ['activity.deleted'] as const };
  return deps.bus.consume(options, async (event) => {
    await reverseActivity(deps.db, event, deps.clock.now());
  });
}
