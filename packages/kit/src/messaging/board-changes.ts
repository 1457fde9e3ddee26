import { BOARDS_CHANGED_SUBJECT, BoardsChangedNotice } from '@warriors/contracts';
import type { Logger } from '../logger';
import type { Bus, Subscription } from './bus';

/**
 * Hears every gamification instance's notice that the boards changed (a transient subject: a lost
 * notice is never replayed). A payload of another shape is logged and ignored.
 */
export function listenToBoardChanges(deps: { bus: Bus; logger: Logger }, onNotice: (notice: BoardsChangedNotice) => void): Promise<Subscription> {
  return deps.bus.subscribeTransient(BOARDS_CHANGED_SUBJECT, (payload) => {
    const notice = BoardsChangedNotice.safeParse(payload);
    if (notice.success) onNotice(notice.data);
    else deps.logger.warn({ subject: BOARDS_CHANGED_SUBJECT }, 'board change notice of an unknown shape ignored');
  });
}
