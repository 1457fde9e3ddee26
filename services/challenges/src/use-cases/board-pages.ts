import type { ChallengeLeaderboardEntry, ChallengeRole } from '@warriors/contracts';
import { createResponseCache, type LeaderboardStore, type ResponseCache, type ScoreDelta } from '@warriors/kit';

/** One Redis sorted set per challenge, under the challenges namespace: members scored by their points. */
export const boardKey = (challengeId: number): string => `challenge:${challengeId}`;

/** The board deltas of one activity's credits (no expiry: a challenge's board lives as long as the challenge). */
export const boardDeltas = (credits: ReadonlyArray<{ challenge_id: number; points: number }>): ScoreDelta[] =>
  credits.filter((c) => c.points !== 0).map((c) => ({ key: boardKey(c.challenge_id), delta: c.points }));

export type Board = LeaderboardStore;

/** A challenge board's assembled page is reused this long: other instances' changes show within it. */
export const BOARD_PAGE_TTL_MS = 1000;
/** Challenges whose pages are kept at once (the oldest go first). */
export const MAX_CACHED_BOARD_PAGES = 256;
/** Memberships the board read remembers at once (the oldest go first). */
export const MAX_CACHED_MEMBERSHIPS = 100_000;

/**
 * The assembled top page of each challenge (sorted set + names), kept in-process for at most
 * BOARD_PAGE_TTL_MS and dropped at once when this process credits the board, a member leaves or is
 * removed, a user's projection changes, or the challenge is updated or deleted.
 */
export interface BoardPages extends ResponseCache<number, BoardPage> {
  /**
   * The board read's membership check (`<challenge id>:<user id>` to the role), kept as long as a
   * page: a member's reads then cost no query. Dropped with the member's leave, a challenge's
   * deletion, any user event and clear(); another instance's leave or deletion shows within the TTL.
   */
  roles: ResponseCache<string, ChallengeRole | null>;
}

export const membershipKey = (challengeId: number, userId: string): string => `${challengeId}:${userId}`;

/** A board's page and its JSON, serialized once for every read of the cached page. */
export interface BoardPage {
  entries: ChallengeLeaderboardEntry[];
  json: string;
}

export function createBoardPages(): BoardPages {
  const pages = createResponseCache<number, BoardPage>({ ttlMs: BOARD_PAGE_TTL_MS, maxEntries: MAX_CACHED_BOARD_PAGES });
  const roles = createResponseCache<string, ChallengeRole | null>({ ttlMs: BOARD_PAGE_TTL_MS, maxEntries: MAX_CACHED_MEMBERSHIPS });
  return {
    get: pages.get,
    forget: pages.forget,
    roles,
    clear() {
      pages.clear();
      roles.clear();
    },
  };
}
