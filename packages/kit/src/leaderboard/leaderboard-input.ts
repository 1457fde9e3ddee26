import { DependencyUnavailableError } from '../http/errors';
import type { ScoreDelta, ScoredMember } from './leaderboard-store.port';

/** Apply markers are kept this long: far beyond any broker redelivery or replay of an event. */
export const DEFAULT_APPLY_MARKER_TTL_MS = 8 * 24 * 60 * 60 * 1000;

/**
 * Key names the Redis adapter uses for its own bookkeeping under the namespace (apply markers, a
 * rebuild's new sets, the completeness marker and the rebuild lock). Both adapters refuse them so
 * that they keep agreeing, and so a caller's set can never shadow one.
 */
export const RESERVED_KEY_PREFIXES = ['applied:', 'rebuild:', 'boards:'];

/** What apply and the reads throw while the store is away or its boards are incomplete: retried, or answered 503. */
export const leaderboardUnavailable = (cause?: unknown): DependencyUnavailableError => new DependencyUnavailableError('leaderboard', cause === undefined ? undefined : { cause });

/*
 * Inputs are checked before anything is written: a bad number reaching Redis would fail the apply
 * script half way, and Redis does not roll back a script's earlier writes.
 */

export function assertKey(key: string): void {
  if (key === '' || RESERVED_KEY_PREFIXES.some((prefix) => key.startsWith(prefix))) {
    throw new RangeError(`invalid leaderboard key ${JSON.stringify(key)}`);
  }
}

function assertExpireAt(expireAt: number | undefined): void {
  // PEXPIREAT takes whole milliseconds only.
  if (expireAt !== undefined && !Number.isSafeInteger(expireAt)) {
    throw new RangeError(`expireAt must be an integer epoch in ms, got ${expireAt}`);
  }
}

export function assertApply(applyId: string, deltas: readonly ScoreDelta[]): void {
  if (applyId === '') throw new RangeError('applyId must not be empty');
  for (const { key, delta, expireAt } of deltas) {
    assertKey(key);
    if (!Number.isFinite(delta)) throw new RangeError(`delta must be finite, got ${delta}`);
    assertExpireAt(expireAt);
  }
}

export function assertPut(key: string, members: readonly ScoredMember[], expireAt: number | undefined): void {
  assertKey(key);
  for (const { score } of members) {
    if (!Number.isFinite(score)) throw new RangeError(`score must be finite, got ${score}`);
  }
  assertExpireAt(expireAt);
}

export function assertPutSum(key: string, sources: readonly string[], expireAt: number | undefined): void {
  assertKey(key);
  for (const source of sources) assertKey(source);
  assertExpireAt(expireAt);
}

export function assertCount(count: number): void {
  if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`count must be a whole number >= 0, got ${count}`);
}

export function assertBounds(minExclusive: number, maxExclusive: number): void {
  if (Number.isNaN(minExclusive) || Number.isNaN(maxExclusive)) throw new RangeError('bounds must be numbers');
}
