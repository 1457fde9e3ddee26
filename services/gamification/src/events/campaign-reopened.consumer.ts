import type { EventOf } from '@warriors/contracts';
import type { Subscription } from '@warriors/kit';
import { reverseCampaignBonus } from '../use-cases/reverse-campaign-bonus';
import type { CampaignConsumerDeps } from './campaign-completed.consumer';

export const CAMPAIGN_REOPENED_DURABLE = 'gamification_campaign_reopened';

async function onCampaignReopened(deps: CampaignConsumerDeps, event: EventOf<'campaign.reopened'>): Promise<void> {
  const outcome = await reverseCampaignBonus(deps.db, deps.outbox, event, deps.clock.now());
  if (outcome.kind !== 'reversed') {
    if (outcome.kind === 'missing') deps.logger.warn({ event_id: event.id }, 'a re-opened goal whose bonus never arrived: nothing taken back');
    return;
  }
  const { row } = outcome;
  // A held bonus never reached the boards: its reversal takes nothing off them.
  if (row.held) return;
  // Keyed by the reversal's source id and run on redeliveries too, as the bonus was: taken off once.
  await deps.leaderboards.addPoints([{ applyId: row.applyId, userId: row.user_id, localDate: row.local_date, points: row.points }]);
  if (outcome.applied) deps.outbox.kick();
}

/** A re-opened goal's bonus taken back (reverseCampaignBonus), one at a time: they are rare. */
export function consumeCampaignReopened(deps: CampaignConsumerDeps): Promise<Subscription> {
  return deps.bus.consume({ durable: CAMPAIGN_REOPENED_DURABLE, subjects: ['campaign.reopened'] }, (event) => onCampaignReopened(deps, event));
}
