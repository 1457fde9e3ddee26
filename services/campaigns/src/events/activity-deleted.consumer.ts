import type { Bus, Clock, Outbox, Subscription } from '@warriors/kit';
import type { Executor } from '../store/schema';
import { reverseActivity } from '../use-cases/reverse-activity';

export const ACTIVITY_DELETED_DURABLE = 'campaigns_activity_deleted';

/**
 * A deleted entry's credit taken back from its goals (reverseActivity), one deletion at a time: they
 * are rare. A deletion that arrives before its log needs no retry: the log, meeting the entry's
 * deletion mark, credits nothing. A deletion that re-opened a goal has campaign.reopened to send.
 */
export function consumeActivityDeleted(deps: { db: Executor; bus: Bus; clock: Clock; outbox: Outbox }): Promise<Subscription> {
  const options = { durable: ACTIVITY_DELETED_DURABLE, subjects: ['activity.deleted'] as const };
  return deps.bus.consume(options, async (event) => {
    const outcome = await reverseActivity(deps, event, deps.clock.now());
    if (outcome.kind === 'reversed' && outcome.reopened.length > 0) deps.outbox.kick();
  });
}
