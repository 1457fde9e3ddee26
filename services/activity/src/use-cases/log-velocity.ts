import { createRateLimiter, refusalText, retryAfterSeconds, type Clock, type RateLimit } from '@warriors/kit';
import { bucketsOf, type LogKind, type VelocityLimits } from '../domain/velocity';

export interface VelocityRefusal {
  message: string;
  retryAfterSeconds: number;
}

/** The 429's text: what was limited and when to try again. */
export function velocityMessage(kind: LogKind, limit: RateLimit, waitMs: number): string {
  return refusalText(kind === 'bulk' ? 'bulk entries' : 'activities logged', { limit, waitMs });
}

/** Each user's log requests in this process, against the velocity limits (kit's per-instance limiter). */
export function createLogVelocity(limits: VelocityLimits, clock: Clock) {
  const limiter = createRateLimiter(limits, clock);
  return {
    /** Takes a log (and for a bulk entry a bulk) token for the user, or says why not and when to retry. */
    take(userId: string, kind: LogKind): VelocityRefusal | null {
      const refusal = limiter.take(userId, bucketsOf(kind));
      if (!refusal) return null;
      return { message: velocityMessage(refusal.kind, refusal.limit, refusal.waitMs), retryAfterSeconds: retryAfterSeconds(refusal.waitMs) };
    },
  };
}

export type LogVelocity = ReturnType<typeof createLogVelocity>;
