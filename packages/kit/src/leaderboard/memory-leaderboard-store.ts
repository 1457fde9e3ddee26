import { DEFAULT_APPLY_MARKER_TTL_MS, assertApply, assertBounds, assertCount, assertKey, assertPut, assertPutSum, leaderboardUnavailable } from './leaderboard-input';
import type { LeaderboardApply, LeaderboardRebuild, LeaderboardStore, ScoredMember } from './leaderboard-store.port';

export interface MemoryLeaderboardStoreOptions {
  /** Epoch ms; expiries of keys and apply markers are judged against it. */
  now?: () => number;
  applyMarkerTtlMs?: number;
}

interface SortedSet {
  scores: Map<string, number>;
  /** Rank order: score descending, then member descending, as ZREVRANGE returns them. */
  order: ScoredMember[];
  /** Epoch ms; undefined means never. */
  expireAt: number | undefined;
}

/**
 * Redis orders equal scores by the members' UTF-8 bytes, which is code-point order. JavaScript's `<`
 * compares UTF-16 units, which disagrees for characters from U+E000 up against astral ones (stored as
 * surrogates D800-DFFF): moving surrogates above the rest of the BMP restores code-point order.
 */
function compareMembers(a: string, b: string): number {
  if (a === b) return 0;
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return codePointOrder(x) - codePointOrder(y);
  }
  return a.length - b.length;
}

function codePointOrder(unit: number): number {
  if (unit >= 0xe000) return unit - 0x800;
  if (unit >= 0xd800) return unit + 0x2000;
  return unit;
}

/** Negative when `a` ranks before (above) `b`. */
function compareRank(a: ScoredMember, b: ScoredMember): number {
  return a.score !== b.score ? b.score - a.score : compareMembers(b.member, a.member);
}

/** First index whose entry satisfies `reached`, which must be false then true along the order. */
function firstIndex(order: readonly ScoredMember[], reached: (entry: ScoredMember) => boolean): number {
  let low = 0;
  let high = order.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (reached(order[middle]!)) high = middle;
    else low = middle + 1;
  }
  return low;
}

function indexOf(order: readonly ScoredMember[], entry: ScoredMember): number {
  return firstIndex(order, (other) => compareRank(other, entry) >= 0);
}

/**
 * The embedded-mode store: the same semantics as the Redis adapter, held in this process (and lost
 * with it: it starts incomplete, and the service rebuilds it from the ledger at start).
 *
 * Each set keeps a Map for scores and an array in rank order. For a set of n members: score O(1);
 * rank O(log n); top O(count); between O(log n + result); an increment O(log n) to find the places
 * plus an O(n) array shift (a memmove: tens of microseconds at 100k members); replace O(m log m).
 *
 * Expiry is lazy, judged against `now()` at each call, with Redis' rules: an expiry at or before now
 * deletes the key when it is set, and a key lives until now passes its expiry.
 */
export function createMemoryLeaderboardStore(options: MemoryLeaderboardStoreOptions = {}): LeaderboardStore {
  const { now = Date.now, applyMarkerTtlMs = DEFAULT_APPLY_MARKER_TTL_MS } = options;
  if (!Number.isSafeInteger(applyMarkerTtlMs) || applyMarkerTtlMs <= 0) {
    throw new RangeError(`applyMarkerTtlMs must be a whole number > 0, got ${applyMarkerTtlMs}`);
  }
  const sets = new Map<string, SortedSet>();
  /** applyId -> marked until (epoch ms), in insertion order, which is expiry order while time moves forward. */
  const markers = new Map<string, number>();
  /** No key expires before this, so most calls skip the sweep; it may lag low, which only costs a sweep. */
  let earliestExpiry = Infinity;
  let complete = false;
  /** The rebuild holding the store; clear() takes it away, so its commit then fails. */
  let rebuilding: object | null = null;

  /** Drops what has expired, so that old daily sets nobody reads again do not stay in memory. */
  function sweep(at: number): void {
    for (const [applyId, markedUntil] of markers) {
      if (at <= markedUntil) break;
      markers.delete(applyId);
    }
    if (at <= earliestExpiry) return;
    earliestExpiry = Infinity;
    for (const [key, set] of sets) {
      if (set.expireAt === undefined) continue;
      if (at > set.expireAt) sets.delete(key);
      else earliestExpiry = Math.min(earliestExpiry, set.expireAt);
    }
  }

  function setExpiry(key: string, set: SortedSet, expireAt: number, at: number): void {
    if (expireAt <= at) {
      sets.delete(key);
      return;
    }
    set.expireAt = expireAt;
    earliestExpiry = Math.min(earliestExpiry, expireAt);
  }

  function liveSet(key: string): SortedSet | undefined {
    if (!complete) throw leaderboardUnavailable();
    sweep(now());
    return sets.get(key);
  }

  function markApplied(applyId: string, at: number): void {
    // Re-inserting at the back keeps the map in expiry order for the sweep.
    markers.delete(applyId);
    markers.set(applyId, at + applyMarkerTtlMs);
  }

  /** A set of `members` (the last score of a member listed twice wins), or none when there are none. */
  function setOf(members: readonly ScoredMember[]): SortedSet | undefined {
    if (members.length === 0) return undefined;
    const scores = new Map(members.map((m) => [m.member, m.score]));
    const order = [...scores].map(([member, score]) => ({ member, score })).sort(compareRank);
    return { scores, order, expireAt: undefined };
  }

  function increment(set: SortedSet, member: string, delta: number): void {
    const previous = set.scores.get(member);
    if (previous !== undefined) set.order.splice(indexOf(set.order, { member, score: previous }), 1);
    const entry = { member, score: (previous ?? 0) + delta };
    set.scores.set(member, entry.score);
    set.order.splice(indexOf(set.order, entry), 0, entry);
  }

  /** Every apply or none: the inputs are checked and the boards' completeness judged before the first write. */
  function applyAll(applies: readonly LeaderboardApply[]): boolean[] {
    for (const { applyId, deltas } of applies) assertApply(applyId, deltas);
    if (applies.length === 0) return [];
    if (!complete) throw leaderboardUnavailable();
    const at = now();
    sweep(at);
    return applies.map(({ applyId, member, deltas }) => {
      const markedUntil = markers.get(applyId);
      if (markedUntil !== undefined && at <= markedUntil) return false;
      markApplied(applyId, at);
      for (const { key, delta, expireAt } of deltas) {
        let set = sets.get(key);
        const existed = set !== undefined;
        if (set === undefined) {
          set = { scores: new Map(), order: [], expireAt: undefined };
          sets.set(key, set);
        }
        increment(set, member, delta);
        // The same rules as the Redis script: no expiry wins; otherwise only ever later.
        if (expireAt === undefined) set.expireAt = undefined;
        else if (!existed || (set.expireAt !== undefined && expireAt > set.expireAt)) setExpiry(key, set, expireAt, at);
      }
      return true;
    });
  }

  const copy = ({ member, score }: ScoredMember): ScoredMember => ({ member, score });

  return {
    async apply(applyId, member, deltas) {
      return applyAll([{ applyId, member, deltas }])[0]!;
    },

    async applyAll(applies) {
      return applyAll(applies);
    },

    async remove(key, member) {
      assertKey(key);
      sweep(now());
      const set = sets.get(key);
      const score = set?.scores.get(member);
      if (set === undefined || score === undefined) return false;
      set.order.splice(indexOf(set.order, { member, score }), 1);
      set.scores.delete(member);
      if (set.scores.size === 0) sets.delete(key);
      return true;
    },

    async top(key, count) {
      assertKey(key);
      assertCount(count);
      return (liveSet(key)?.order.slice(0, count) ?? []).map(copy);
    },

    async score(key, member) {
      assertKey(key);
      return liveSet(key)?.scores.get(member) ?? null;
    },

    async rank(key, member) {
      assertKey(key);
      const set = liveSet(key);
      const score = set?.scores.get(member);
      return set === undefined || score === undefined ? null : indexOf(set.order, { member, score });
    },

    async between(key, minExclusive, maxExclusive) {
      assertKey(key);
      assertBounds(minExclusive, maxExclusive);
      const order = liveSet(key)?.order ?? [];
      const start = firstIndex(order, (entry) => entry.score < maxExclusive);
      const end = firstIndex(order, (entry) => entry.score <= minExclusive);
      return order.slice(start, Math.max(start, end)).map(copy);
    },

    async isComplete() {
      return complete;
    },

    async beginRebuild() {
      if (rebuilding !== null) return null;
      const token = {};
      rebuilding = token;
      complete = false;
      const staged = new Map<string, { members: ScoredMember[]; expireAt: number | undefined }>();
      const holds = () => rebuilding === token;
      const rebuild: LeaderboardRebuild = {
        async put(key, members, expireAt) {
          assertPut(key, members, expireAt);
          if (holds()) staged.set(key, { members: [...members], expireAt });
        },
        async putSum(key, sources, expireAt) {
          assertPutSum(key, sources, expireAt);
          if (!holds()) return;
          const sums = new Map<string, number>();
          for (const source of sources) {
            // A member listed twice in one put keeps its last score there, as the set will.
            const scores = new Map((staged.get(source)?.members ?? []).map(({ member, score }) => [member, score]));
            for (const [member, score] of scores) sums.set(member, (sums.get(member) ?? 0) + score);
          }
          staged.set(key, { members: [...sums].map(([member, score]) => ({ member, score })), expireAt });
        },
        async markApplied(applyIds) {
          if (!holds()) return;
          const at = now();
          for (const applyId of applyIds) markApplied(applyId, at);
        },
        async commit() {
          if (!holds()) return false;
          const at = now();
          sets.clear();
          earliestExpiry = Infinity;
          for (const [key, { members, expireAt }] of staged) {
            const set = setOf(members);
            if (set === undefined) continue;
            sets.set(key, set);
            if (expireAt !== undefined) setExpiry(key, set, expireAt, at);
          }
          rebuilding = null;
          complete = true;
          return true;
        },
        async abort() {
          if (holds()) rebuilding = null;
        },
      };
      return rebuild;
    },

    onReconnect() {
      // Never disconnected: the sets live in this process.
    },

    async clear() {
      sets.clear();
      markers.clear();
      earliestExpiry = Infinity;
      complete = false;
      rebuilding = null;
    },

    async isReady() {
      return complete;
    },

    async close() {
      // Nothing to release: the data lives and dies with the process.
    },
  };
}
