import { listenToBoardChanges, type Bus, type Logger, type Subscription } from '@warriors/kit';
import type { Leaderboards } from '../use-cases/leaderboards';

/** Every instance hears every other's board changes, and drops the answers they made stale. */
export function listenForBoardChanges(deps: { bus: Bus; leaderboards: Leaderboards; logger: Logger }): Promise<Subscription> {
  return listenToBoardChanges(deps, (notice) => deps.leaderboards.changedElsewhere(notice));
}
