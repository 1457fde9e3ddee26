import type { EventOf } from '@warriors/contracts';
import type { Bus, Clock, Logger, Outbox, Subscription } from '@warriors/kit';
import type { Executor } from '../store/schema';
import type { Leaderboards } from '../use-cases/leaderboards';
import { recordCampaignBonus } from '../use-cases/record-campaign-bonus';

export const CAMPAIGNS_DURABLE = 'gamification_campaigns';

export interface CampaignConsumerDeps {
  db: Executor;
  bus: Bus;
  clock: Clock;
  outbox: Outbox;
  leaderboards: Leaderboards;
  logger: Logger;
}

async function onCampaignCompleted(deps: CampaignConsumerDeps, event: EventOf<'campaign.completed'>): Promise<void> {
  const { data } = event;
  const outcome = await recordCampaignBonus(deps.db, deps.outbox, event, deps.clock.now());
  if (outcome.kind === 'deleted-user') return;
  // A held bonus reaches the boards when its user confirms their held entries (HeldActivities.confirm).
  if (outcome.kind === 'held' || (outcome.kind === 'duplicate' && outcome.held)) return;
  // Keyed by the event id (as the ledger row is) and run on redeliveries too, like an activity's
  // points: a crash between the commit and Redis is repaired by the next delivery, never doubled.
  await deps.leaderboards.addPoints([{ applyId: event.id, userId: data.user_id, localDate: data.local_date, points: data.bonus_points }]);
  // Its points.awarded leaves after the boards took the bonus: dashboards refetch them on hearing it.
  if (outcome.kind === 'applied') deps.outbox.kick();
}

export function consumeCampaignCompleted(deps: CampaignConsumerDeps): Promise<Subscription> {
  return deps.bus.consume({ durable: CAMPAIGNS_DURABLE, subjects: ['campaign.completed'] }, (event) => onCampaignCompleted(deps, event));
}
