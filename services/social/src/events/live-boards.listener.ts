import { listenToBoardChanges, type Bus, type Logger, type Subscription } from '@warriors/kit';
import type { SocketHub } from '../live/socket-hub';

/**
 * Every instance hears each gamification instance's notice that the boards changed (one per batch, sent
 * once the boards took the points) and tells its own sockets, coalesced by the hub. A transient
 * subscription, not a durable: a missed notice is made up by the dashboards' polls, never replayed.
 */
export function listenLiveBoards(deps: { bus: Bus; hub: SocketHub; logger: Logger }): Promise<Subscription> {
  return listenToBoardChanges(deps, () => deps.hub.boardsChanged());
}
