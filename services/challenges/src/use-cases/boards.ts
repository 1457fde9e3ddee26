import type { ChallengeLeaderboardEntry } from '@warriors/contracts';
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

/**
 * The assembled top page of each challenge (sorted set + names), kept in-process for at most
 * BOARD_PAGE_TTL_MS and dropped at once when this process credits the board, a member leaves or is
 * removed, a user's projection changes, or the challenge is updated or deleted.
 */
export type BoardPages = ResponseCache<number, BoardPage>;

/** A board's page and its JSON, serialized once for every read of the cached page. */
export interface BoardPage {
  entries: ChallengeLeaderboardEntry[];
  json: string;
}

export const createBoardPages = (): BoardPages => createResponseCache({ ttlMs: BOARD_PAGE_TTL_MS, maxEntries: MAX_CACHED_BOARD_PAGES });
