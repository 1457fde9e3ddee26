import { effectsSubject, type ActivityEffects, type EventOf } from '@warriors/contracts';
import type { Bus, Clock, Logger, Outbox, Subscription } from '@warriors/kit';
import type { Executor } from '../store/schema';
import { recordActivity } from '../use-cases/record-activity';

export const ACTIVITY_DURABLE = 'campaigns_activity';

export interface ActivityConsumerDeps {
  db: Executor;
  bus: Bus;
  clock: Clock;
  logger: Logger;
  outbox: Outbox;
}

async function onActivityLogged(deps: ActivityConsumerDeps, event: EventOf<'activity.logged'>): Promise<void> {
  const outcome = await recordActivity(deps, event, deps.clock.now());
  // A redelivery published its effects the first time; the POST that waited for them has answered.
  if (outcome.kind === 'duplicate') return;
  deps.outbox.kick();
  // Published even when nothing changed: the logging request waits for every source, and an empty answer ends its wait.
  const effects: ActivityEffects = {
    activity_id: event.data.activity_id,
    source: 'campaigns',
    badges: [],
    milestones: outcome.milestones,
    rank_change: null,
    campaign_completed: outcome.completed,
  };
  await deps.bus.publishTransient(effectsSubject(event.data.activity_id), effects);
}

export function consumeActivityLogged(deps: ActivityConsumerDeps): Promise<Subscription> {
  // Different users' activities apply side by side; recordActivity serializes one user's under a lock.
  return deps.bus.consume({ durable: ACTIVITY_DURABLE, subjects: ['activity.logged'], concurrency: 16 }, async (event) => {
    if (event.type !== 'activity.logged') {
      deps.logger.warn({ eventId: event.id, type: event.type }, 'unexpected event on the activity consumer');
      return;
    }
    await onActivityLogged(deps, event);
  });
}
