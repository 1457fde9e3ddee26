import type { Bus, Subscription } from '@warriors/kit';
import type { SocketHub } from '../live/socket-hub';
import { LIVE_BOARDS_SUBJECT } from '../use-cases/announce-boards-change.use-case';

/** Every instance hears every boards change on the transient subject and tells its own sockets (coalesced by the hub). */
export function listenLiveBoards(deps: { bus: Bus; hub: SocketHub }): Promise<Subscription> {
  return deps.bus.subscribeTransient(LIVE_BOARDS_SUBJECT, () => deps.hub.boardsChanged());
}
