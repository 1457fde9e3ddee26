import { BOARDS_CHANGED_SUBJECT, BoardsChangedNotice } from '@warriors/contracts';
import type { Bus, Logger, Subscription } from '@warriors/kit';
import type { Leaderboards } from '../use-cases/leaderboards';

/** Every instance hears every other's board changes, and drops the answers they made stale. */
export function listenForBoardChanges(deps: { bus: Bus; leaderboards: Leaderboards; logger: Logger }): Promise<Subscription> {
  return deps.bus.subscribeTransient(BOARDS_CHANGED_SUBJECT, (payload) => {
    const notice = BoardsChangedNotice.safeParse(payload);
    if (notice.success) deps.leaderboards.changedElsewhere(notice.data);
    else deps.logger.warn({ subject: BOARDS_CHANGED_SUBJECT }, 'board change notice of an unknown shape ignored');
  });
}
