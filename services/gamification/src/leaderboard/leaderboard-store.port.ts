/** One member's score in a sorted set. */
export interface ScoredMember {
  member: string;
  score: number;
}

export interface ScoreDelta {
  key: string;
  delta: number;
  /** When the key may be dropped (epoch ms); the latest expiry given for a key wins. */
  expireAt?: number;
}

/**
 * Sorted sets for the windowed leaderboards. Two adapters implement it (Redis and in-process) and
 * both pass one contract suite. Ranks are 0-based, highest score first; ties order by member id
 * descending in both adapters (Redis' ZREVRANGE order), so the adapters agree exactly.
 */
export interface LeaderboardStore {
  /**
   * Adds every delta for `member` at once, exactly once per `applyId` (an event id): a second call
   * with the same id changes nothing and answers false. Atomic: all deltas or none.
   */
  apply(applyId: string, member: string, deltas: ScoreDelta[]): Promise<boolean>;
  /** The highest `count` members. */
  top(key: string, count: number): Promise<ScoredMember[]>;
  score(key: string, member: string): Promise<number | null>;
  rank(key: string, member: string): Promise<number | null>;
  /** Members whose score is strictly between the two bounds, highest first. */
  between(key: string, minExclusive: number, maxExclusive: number): Promise<ScoredMember[]>;
  /** Replaces a whole set (rebuild from the ledger). */
  replace(key: string, members: ScoredMember[], expireAt?: number): Promise<void>;
  /** Removes every key under the store's namespace, and the apply markers (rebuild starts clean). */
  clear(): Promise<void>;
  isReady(): Promise<boolean>;
  close(): Promise<void>;
}
