import type { RankChange } from '@warriors/contracts';

export interface Ranked {
  member: string;
  score: number;
}

/**
 * The store's order: score descending, then member id descending (Redis' ZREVRANGE). Member ids
 * are ASCII (UUIDs), where JavaScript's string order is Redis' byte order.
 */
export const ranksAbove = (a: Ranked, b: Ranked): boolean => a.score > b.score || (a.score === b.score && a.member > b.member);

/** Whether a member may appear in rankings: shown on the leaderboard, known, and with points. */
export type Visibility = (member: string) => boolean;

/** The first `size` visible members with points, ranked 1..n by position. */
export function visibleTop(members: readonly Ranked[], visible: Visibility, size: number): Array<Ranked & { rank: number }> {
  return members
    .filter((m) => m.score > 0 && visible(m.member))
    .slice(0, size)
    .map((m, i) => ({ ...m, rank: i + 1 }));
}

/** 1-based rank among visible members, from the 0-based store rank and the store ranks of hidden members. */
export function visibleRank(storeRank: number, hiddenStoreRanks: ReadonlyArray<number | null>): number {
  return storeRank - hiddenStoreRanks.filter((r) => r !== null && r < storeRank).length + 1;
}

/** The visible member ranked just above `me` among `candidates` (any order), or null. */
export function nextAbove(candidates: readonly Ranked[], me: Ranked, visible: Visibility): Ranked | null {
  let next: Ranked | null = null;
  for (const c of candidates) {
    if (c.member === me.member || !visible(c.member) || !ranksAbove(c, me)) continue;
    if (next === null || ranksAbove(next, c)) next = c;
  }
  return next;
}

/** Points `me` needs to have strictly more than `next`. */
export const gapToPass = (next: Ranked, me: Ranked): number => next.score - me.score + 1;

/**
 * What one activity did to its author's day rank: `passed` are the members whose score lies strictly
 * between the author's old and new score. Hidden or unknown members do not count; nothing gained, no change.
 */
export function rankChange(me: string, passed: readonly Ranked[], usernameOf: (member: string) => string | undefined, newRank: number): RankChange | null {
  const passedUsers = passed.flatMap((m) => {
    const username = m.member === me ? undefined : usernameOf(m.member);
    return username === undefined ? [] : [{ id: m.member, username }];
  });
  if (passedUsers.length === 0) return null;
  return { new_rank: newRank, positions_gained: passedUsers.length, passed_users: passedUsers };
}
