import { effectsSubject, type ActivityEffects, type EventOf } from '@warriors/contracts';
import type { Bus, Clock, Logger, Subscription } from '@warriors/kit';
import { dayKey, pointDeltas } from '../domain/windows';
import type { LeaderboardStore } from '../leaderboard';
import type { Leaderboards } from '../use-cases/leaderboards';
import { recordActivity, type RecordDeps } from '../use-cases/record-activity';

export const ACTIVITY_DURABLE = 'gamification_activity';

export interface ActivityConsumerDeps extends RecordDeps {
  bus: Bus;
  clock: Clock;
  logger: Logger;
  store: LeaderboardStore;
  leaderboards: Leaderboards;
}

async function onActivityLogged(deps: ActivityConsumerDeps, event: EventOf<'activity.logged'>): Promise<void> {
  const { data } = event;
  const outcome = await recordActivity(deps, event, deps.clock.now());
  if (outcome.kind === 'deleted-user') return;
  // Keyed by the activity (as the ledger is), and run on redeliveries too: the store applies it once.
  const applied = await deps.store.apply(data.activity_id, data.user_id, pointDeltas(data.local_date, data.points));
  // The author refreshes the boards right after their log answers: this instance must not serve them a stale top 20.
  if (applied) deps.leaderboards.pointsApplied(data.user_id);
  if (outcome.kind === 'duplicate') return;
  // Only badge.earned goes through this outbox: a relay pass for an event that earned none is a wasted transaction.
  if (outcome.badges.length > 0) deps.outbox.kick();
  const effects: ActivityEffects = {
    activity_id: data.activity_id,
    source: 'gamification',
    badges: outcome.badges,
    milestones: outcome.milestones,
    rank_change: await deps.leaderboards.rankChangeAfter(data.user_id, dayKey(data.local_date), data.points),
    campaign_completed: null,
  };
  await deps.bus.publishTransient(effectsSubject(data.activity_id), effects);
}

export function consumeActivityLogged(deps: ActivityConsumerDeps): Promise<Subscription> {
  // Activities of different users apply side by side; recordActivity serializes one user's under a row lock.
  return deps.bus.consume({ durable: ACTIVITY_DURABLE, subjects: ['activity.logged'], concurrency: 32 }, async (event) => {
    if (event.type !== 'activity.logged') {
      deps.logger.warn({ eventId: event.id, type: event.type }, 'unexpected event on the activity consumer');
      return;
    }
    await onActivityLogged(deps, event);
  });
}
