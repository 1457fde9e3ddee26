import { BOARDS_CHANGED_SUBJECT, BoardsChangedNotice } from '@warriors/contracts';
import type { Bus, Logger, Subscription } from '@warriors/kit';
import type { SocketHub } from '../live/socket-hub';

/**
 * Every instance hears each gamification instance's notice that the boards changed (one per batch, sent
 * once the boards took the points) and tells its own sockets, coalesced by the hub. A transient
 * subscription, not a durable: a missed notice is made up by the dashboards' polls, never replayed.
 */
export function listenLiveBoards(deps: { bus: Bus; hub: SocketHub; logger: Logger }): Promise<Subscription> {
  return deps.bus.subscribeTransient(BOARDS_CHANGED_SUBJECT, (payload) => {
    if (BoardsChangedNotice.safeParse(payload).success) deps.hub.boardsChanged();
    else deps.logger.warn({ subject: BOARDS_CHANGED_SUBJECT }, 'board change notice of an unknown shape ignored');
  });
}
