import type { EventOf } from '@warriors/contracts';
import type { Bus, Clock, Subscription } from '@warriors/kit';
import type { Leaderboards } from '../use-cases/leaderboards';
import { reverseActivity, type ReverseDeps } from '../use-cases/reverse-activity';

export const ACTIVITY_DELETED_DURABLE = 'gamification_activity_deleted';
/**
 * A deletion that arrives before its entry's log was applied (another durable) is delivered again a
 * second later, for five minutes, before it is dead-lettered (docs/operations.md replays it).
 */
const RETRY_MS = 1_000;
const MAX_DELIVER = 300;

export interface ActivityDeletedConsumerDeps extends ReverseDeps {
  bus: Bus;
  clock: Clock;
  leaderboards: Leaderboards;
}

/**
 * A deleted entry's reversal: the ledger and totals in one transaction (reverseActivity), then its
 * points off every board, keyed by the reversal's id, so a redelivery (or a crash between the commit
 * and the boards) takes them off once. Then its points.awarded leaves, after the boards moved.
 */
async function onActivityDeleted(deps: ActivityDeletedConsumerDeps, event: EventOf<'activity.deleted'>): Promise<void> {
  const outcome = await reverseActivity(deps, event, deps.clock.now());
  if (outcome.kind !== 'reversed' || outcome.row.held) return;
  const { row } = outcome;
  await deps.leaderboards.addPoints([{ applyId: row.applyId, userId: row.user_id, localDate: row.local_date, points: row.points }]);
  if (outcome.applied) deps.outbox.kick();
}

export function consumeActivityDeleted(deps: ActivityDeletedConsumerDeps): Promise<Subscription> {
  // Deletions are rare: one at a time, each in its own transaction under its user's lock.
  const options = { durable: ACTIVITY_DELETED_DURABLE, subjects: ['activity.deleted'] as const, ackWaitMs: RETRY_MS, maxDeliver: MAX_DELIVER };
  return deps.bus.consume(options, (event) => onActivityDeleted(deps, event));
}
