import { consumeInBatches, ONE_BATCH_AT_A_TIME, type Bus, type Subscription } from '@warriors/kit';
import type { announceBoardsChange } from '../use-cases/announce-boards-change.use-case';

export const BOARDS_DURABLE = 'social_boards';

/**
 * points.awarded is gamification's event for points that reached the ledger; its outbox is kicked after
 * the leaderboards were updated, so a dashboard refetching on it mostly sees them (the hub's settling
 * message covers the rest). One instance of the shared durable handles each batch and tells every instance.
 */
export function consumeBoardsChanges(deps: { bus: Bus; announce: ReturnType<typeof announceBoardsChange> }): Promise<Subscription> {
  const options = { durable: BOARDS_DURABLE, subjects: ['points.awarded'] as const, ...ONE_BATCH_AT_A_TIME };
  return consumeInBatches(deps.bus, options, () => deps.announce());
}
