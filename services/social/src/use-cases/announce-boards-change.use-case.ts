import type { Bus } from '@warriors/kit';

/**
 * The transient subject on which every social instance hears that points reached the boards, to tell
 * its own sockets. Outside the JetStream stream's subjects: a missed notice is made up by the
 * dashboard's poll, never replayed.
 */
export const LIVE_BOARDS_SUBJECT = 'live.boards';

/**
 * Tells every instance that the boards changed, once for a whole batch of awards: what changed does not
 * matter to a dashboard, which refetches its boards. A failed send throws, so the batch comes again.
 */
export function announceBoardsChange(deps: { bus: Bus }) {
  return (): Promise<void> => deps.bus.publishTransient(LIVE_BOARDS_SUBJECT, {});
}
