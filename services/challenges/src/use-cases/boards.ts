import type { LeaderboardStore, ScoreDelta } from '@warriors/kit';

/** One Redis sorted set per challenge, under the challenges namespace: members scored by their points. */
export const boardKey = (challengeId: number): string => `challenge:${challengeId}`;

/** The board deltas of one activity's credits (no expiry: a challenge's board lives as long as the challenge). */
export const boardDeltas = (credits: ReadonlyArray<{ challenge_id: number; points: number }>): ScoreDelta[] =>
  credits.filter((c) => c.points !== 0).map((c) => ({ key: boardKey(c.challenge_id), delta: c.points }));

export type Board = LeaderboardStore;
