import type { EventOf } from '@warriors/contracts';
import type { Bus, Clock, Logger, Subscription } from '@warriors/kit';
import { pointDeltas } from '../domain/windows';
import type { LeaderboardStore } from '../leaderboard';
import type { Executor } from '../store/schema';
import type { Leaderboards } from '../use-cases/leaderboards';
import { recordCampaignBonus } from '../use-cases/record-campaign-bonus';

export const CAMPAIGNS_DURABLE = 'gamification_campaigns';

export interface CampaignConsumerDeps {
  db: Executor;
  bus: Bus;
  clock: Clock;
  logger: Logger;
  store: LeaderboardStore;
  leaderboards: Leaderboards;
}

async function onCampaignCompleted(deps: CampaignConsumerDeps, event: EventOf<'campaign.completed'>): Promise<void> {
  const { data } = event;
  const outcome = await recordCampaignBonus(deps.db, event, deps.clock.now());
  if (outcome === 'deleted-user') return;
  // Keyed by the event id (as the ledger row is) and run on redeliveries too, like an activity's
  // points: a crash between the commit and Redis is repaired by the next delivery, never doubled.
  const applied = await deps.store.apply(event.id, data.user_id, pointDeltas(data.local_date, data.bonus_points));
  if (applied) deps.leaderboards.pointsApplied(data.user_id);
}

export function consumeCampaignCompleted(deps: CampaignConsumerDeps): Promise<Subscription> {
  return deps.bus.consume({ durable: CAMPAIGNS_DURABLE, subjects: ['campaign.completed'] }, async (event) => {
    if (event.type !== 'campaign.completed') {
      deps.logger.warn({ eventId: event.id, type: event.type }, 'unexpected event on the campaign consumer');
      return;
    }
    await onCampaignCompleted(deps, event);
  });
}
