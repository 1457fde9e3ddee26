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

/** One member's deltas under one apply id: an entry of LeaderboardStore.applyAll. */
export interface LeaderboardApply {
  applyId: string;
  member: string;
  deltas: ScoreDelta[];
}

/**
 * Sorted sets for the windowed leaderboards. Two adapters implement it (Redis and in-process) and
 * both pass one contract suite. Ranks are 0-based, highest score first; ties order by member id
 * descending in both adapters (Redis' ZREVRANGE order), so the adapters agree exactly.
 *
 * The boards are either complete (a rebuild from the ledger committed, and every apply since went
 * in) or not: a new store, a cleared one, a Redis that restarted or was flushed, a rebuild in
 * progress, and boards completed on a Redis primary that a failover has since replaced (it may have
 * lost the last writes) are incomplete. While they are incomplete, apply and the reads fail with a dependency
 * failure (DependencyUnavailableError), so a consumer retries its event later and a reader gets a
 * 503 instead of a board with points missing.
 */
export interface LeaderboardStore {
  /**
   * Adds every delta for `member` at once, exactly once per `applyId` (an event id): a second call
   * with the same id changes nothing and answers false. Atomic: all deltas or none. Refused (a
   * dependency failure) while the boards are incomplete, judged atomically with the write.
   */
  apply(applyId: string, member: string, deltas: ScoreDelta[]): Promise<boolean>;
  /**
   * Many applies in one call to the store (one script in Redis, whatever their number): each as
   * `apply`, in the order given, so an id applied before, or repeated later in the list, answers
   * false and changes nothing. Answers each one's outcome in that order. Atomic as a whole: all
   * inputs are checked before anything is written, and the boards' completeness is judged once, with
   * the writes (refused whole while they are incomplete).
   */
  applyAll(applies: readonly LeaderboardApply[]): Promise<boolean[]>;
  /**
   * Takes `member` off the set at `key` (a member who left a challenge); true when it was there.
   * Allowed while the boards are incomplete: a removal can only make a board closer to the ledger,
   * and the rebuild reads the ledger the member already left.
   */
  remove(key: string, member: string): Promise<boolean>;
  /** The highest `count` members. */
  top(key: string, count: number): Promise<ScoredMember[]>;
  score(key: string, member: string): Promise<number | null>;
  rank(key: string, member: string): Promise<number | null>;
  /** Members whose score is strictly between the two bounds, highest first. */
  between(key: string, minExclusive: number, maxExclusive: number): Promise<ScoredMember[]>;
  /** Asks the store itself whether the boards are complete (a dependency failure when it cannot be reached). */
  isComplete(): Promise<boolean>;
  /**
   * Starts a rebuild: from here on the boards are incomplete (applies refused) until it commits.
   * Null while another rebuild holds the store (in this process or another one).
   */
  beginRebuild(): Promise<LeaderboardRebuild | null>;
  /** Calls `listener` each time the connection to the store comes back: what it held may be gone. */
  onReconnect(listener: () => void): void;
  /** Removes every key under the store's namespace and the apply markers, as a flush would: the boards become incomplete. */
  clear(): Promise<void>;
  /** Reachable and complete. */
  isReady(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * New boards being written beside the live ones. Nothing of them shows until commit, which swaps
 * them all in at once, drops every live set they do not hold, and marks the boards complete.
 */
export interface LeaderboardRebuild {
  /** One whole set of the new boards (a member listed twice keeps its last score; no members, no set). */
  put(key: string, members: ScoredMember[], expireAt?: number): Promise<void>;
  /**
   * A set of the new boards whose scores are the sums over `sources`, sets this rebuild has already put
   * (a source it did not put counts as empty; no members, no set): the store adds them up itself, so
   * a window made of other windows is not sent twice.
   */
  putSum(key: string, sources: readonly string[], expireAt?: number): Promise<void>;
  /** Apply ids whose points the new boards already hold: applying one later changes nothing. */
  markApplied(applyIds: readonly string[]): Promise<void>;
  /** False when the rebuild lost the store meanwhile (cleared, flushed, or its lock expired): nothing was swapped in. */
  commit(): Promise<boolean>;
  /** Gives the store up without swapping anything in; the boards stay incomplete. */
  abort(): Promise<void>;
}
