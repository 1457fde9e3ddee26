import type { Clock } from '../clock';
import { isFullAgain, refilled, waitForToken, waitText, windowText, type Bucket, type RateLimit } from './token-bucket';

/** Which of the kinds asked for refused, and how long until it would let the action through. */
export interface RateRefusal<Kind extends string> {
  kind: Kind;
  limit: RateLimit;
  waitMs: number;
}

/**
 * Counts each user's actions of a few kinds in this process. A check and its take are one synchronous
 * step, so concurrent requests cannot all pass on the same token. Per instance: with N instances
 * behind the gateway's round robin, a user may get up to N times a limit (docs/decisions.md).
 */
export function createRateLimiter<Kind extends string>(limits: Record<Kind, RateLimit>, clock: Clock) {
  const buckets = new Map<string, Partial<Record<Kind, Bucket>>>();
  const longestWindow = Math.max(...Object.values<RateLimit>(limits).map((l) => l.windowMs));
  let swept = clock.now().getTime();

  /** Drops the users whose buckets are all full again: they are the same as no entry. */
  function sweep(now: number) {
    if (now - swept < longestWindow) return;
    swept = now;
    for (const [userId, user] of buckets) {
      const full = (Object.keys(user) as Kind[]).every((kind) => isFullAgain(user[kind]!, limits[kind], now));
      if (full) buckets.delete(userId);
    }
  }

  return {
    /**
     * Takes one token of each kind for the user, or takes nothing and names the kind that frees up
     * last (so the wait it gives is enough for every kind).
     */
    take(userId: string, kinds: readonly Kind[]): RateRefusal<Kind> | null {
      const now = clock.now().getTime();
      sweep(now);
      const user: Partial<Record<Kind, Bucket>> = buckets.get(userId) ?? {};
      const current = kinds.map((kind) => ({ kind, bucket: refilled(user[kind], limits[kind], now) }));
      const refusals = current.map((c) => ({ kind: c.kind, limit: limits[c.kind], waitMs: waitForToken(c.bucket, limits[c.kind]) })).filter((c) => c.waitMs > 0);
      if (refusals.length > 0) return refusals.reduce((a, b) => (b.waitMs > a.waitMs ? b : a));
      for (const c of current) user[c.kind] = { tokens: c.bucket.tokens - 1, at: c.bucket.at };
      buckets.set(userId, user);
      return null;
    },
  };
}

export type RateLimiter<Kind extends string> = ReturnType<typeof createRateLimiter<Kind>>;

/**
 * A refusal's 429 text, what was limited and when to retry: "Too many bulk entries in a short time (at
 * most 20 every 10 minutes). Please try again in 30 seconds."
 */
export function refusalText(what: string, refusal: { limit: RateLimit; waitMs: number }): string {
  return `Too many ${what} in a short time (at most ${refusal.limit.limit} ${windowText(refusal.limit.windowMs)}). Please try again in ${waitText(refusal.waitMs)}.`;
}
