// Plain values without a schema: the dashboard's pulse and live socket read them without loading zod and every schema beside it
// (docs/decisions.md, "The signed-in screens load no schema").
import type { NudgeType, PulseEvent } from './social';

export const PULSE_EVENT_TYPES = ['achievement', 'encourage', 'challenge', 'coach'] as const;

/** Spec point 9: the pulse keeps and shows the latest 20 events. */
export const PULSE_LIMIT = 20;

/** The live socket's path on the gateway (spec point 7). */
export const WEBSOCKET_PATH = '/ws';

/**
 * The share of the pulse that nudge lines (type encourage) may fill while other lines wait below them:
 * a burst of props and cheers is a quarter of the list at most, never the whole of it.
 */
export const PULSE_NUDGE_SHARE = 0.25;

/** How many nudge lines a pulse of `limit` lines keeps when enough other lines exist (5 of 20). */
export const pulseNudgeRoom = (limit: number): number => Math.max(1, Math.ceil(limit * PULSE_NUDGE_SHARE));

/**
 * The pulse as it is served and shown: the newest `limit` of `newestFirst`, in which nudge lines take
 * at most `pulseNudgeRoom(limit)` places unless too few other lines exist to fill the rest. The server
 * answers it and the page applies it again to what the socket adds, so a live burst of nudges pushes no
 * achievement out either (docs/decisions.md, "Nudges fill at most a quarter of the pulse").
 */
export function pulseWindow<T extends Pick<PulseEvent, 'type'>>(newestFirst: readonly T[], limit: number): T[] {
  const others = newestFirst.filter((line) => line.type !== 'encourage').length;
  const nudgeRoom = Math.max(pulseNudgeRoom(limit), limit - others);
  const shown: T[] = [];
  let nudges = 0;
  for (const line of newestFirst) {
    if (shown.length === limit) break;
    if (line.type === 'encourage') {
      if (nudges === nudgeRoom) continue;
      nudges += 1;
    }
    shown.push(line);
  }
  return shown;
}

/**
 * The shortest time between two 'boards.changed' a social instance sends, and between two refreshes a
 * dashboard makes for them: one a second, however many logs arrive. It is also how long gamification
 * may serve a cached top 20 (docs/decisions.md, "Boards changed on the live socket").
 */
export const BOARDS_CHANGED_GAP_MS = 1_000;

/**
 * Why the server closed a live socket (codes of the application's 4000-4999 range) and what the page does
 * about it: the first three end the session the way a 401 does, the last means another socket of the same
 * account took this one's place, so reconnecting would only close that one in turn.
 */
export const LIVE_SOCKET_CLOSE = {
  sessionExpired: { code: 4001, reason: 'Session expired' },
  sessionRevoked: { code: 4002, reason: 'Signed out everywhere' },
  accountDeleted: { code: 4003, reason: 'Account deleted' },
  replaced: { code: 4008, reason: 'Too many live connections for this account: a newer one took the place of this one' },
} as const;
export type LiveSocketClose = (typeof LIVE_SOCKET_CLOSE)[keyof typeof LIVE_SOCKET_CLOSE];

/** What the recipient reads in the bell, by nudge type. */
export function nudgeMessage(type: NudgeType, fromName: string): string {
  switch (type) {
    case 'props':
      return `${fromName} gave you props!`;
    case 'cheer':
      return `${fromName} is cheering you on!`;
    case 'encourage':
      return `${fromName} says keep going, you've got this!`;
    case 'challenge':
      return `${fromName} challenged you to a prospecting battle!`;
  }
}
