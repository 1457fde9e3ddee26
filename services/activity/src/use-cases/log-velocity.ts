import type { Clock } from '@warriors/kit';
import { isFullAgain, refilled, velocityMessage, waitForToken, type Bucket, type LogKind, type VelocityLimits } from '../domain/velocity';

export interface VelocityRefusal {
  message: string;
  retryAfterSeconds: number;
}

/**
 * Counts each user's log requests in this process. A check and its take are one synchronous step,
 * so concurrent requests cannot all pass on the same token. Per instance: with N activity instances
 * behind the gateway's round robin, a user may get up to N times the limit (docs/operations.md).
 */
export function createLogVelocity(limits: VelocityLimits, clock: Clock) {
  const buckets = new Map<string, Partial<Record<LogKind, Bucket>>>();
  const longestWindow = Math.max(limits.logs.windowMs, limits.bulk.windowMs);
  let swept = clock.now().getTime();

  /** Drops the users whose buckets are all full again: they are the same as no entry. */
  function sweep(now: number) {
    if (now - swept < longestWindow) return;
    swept = now;
    for (const [userId, user] of buckets) {
      const full = (Object.keys(user) as LogKind[]).every((kind) => isFullAgain(user[kind]!, limits[kind], now));
      if (full) buckets.delete(userId);
    }
  }

  return {
    /** Takes a log (and for a bulk entry a bulk) token for the user, or says why not and when to retry. */
    take(userId: string, kind: LogKind): VelocityRefusal | null {
      const now = clock.now().getTime();
      sweep(now);
      const user = buckets.get(userId) ?? {};
      const kinds: LogKind[] = kind === 'bulk' ? ['logs', 'bulk'] : ['logs'];
      const current = kinds.map((k) => ({ kind: k, bucket: refilled(user[k], limits[k], now) }));
      // Refused by the bucket that frees up last; a refused request takes nothing.
      const refusals = current.map((c) => ({ ...c, waitMs: waitForToken(c.bucket, limits[c.kind]) })).filter((c) => c.waitMs > 0);
      if (refusals.length > 0) {
        const longest = refusals.reduce((a, b) => (b.waitMs > a.waitMs ? b : a));
        return { message: velocityMessage(longest.kind, limits[longest.kind], longest.waitMs), retryAfterSeconds: Math.max(1, Math.ceil(longest.waitMs / 1000)) };
      }
      for (const c of current) user[c.kind] = { tokens: c.bucket.tokens - 1, at: c.bucket.at };
      buckets.set(userId, user);
      return null;
    },
  };
}

export type LogVelocity = ReturnType<typeof createLogVelocity>;
