import { createRateLimiter, MINUTE_MS, retryAfterSeconds, refusalText, TooManyRequestsError, type Clock, type RateLimit } from '@warriors/kit';

/**
 * A broker opens the coach a few times a day, two requests each time (the plan and the goal): twenty
 * a minute is never reached by hand and bounds what one account can make this instance ask (docs/decisions.md).
 */
export const DEFAULT_COACHING_REQUESTS_PER_MINUTE = 20;

/** The 429's text: what was limited and when to try again. */
export const coachingLimitMessage = (limit: RateLimit, waitMs: number): string => refusalText('coaching requests', { limit, waitMs });

/** Each user's coaching requests (the plan and the goal together) in this process, kept or asked of the model alike. */
export function createCoachingRequestLimit(requestsPerMinute: number, clock: Clock) {
  const limit: RateLimit = { limit: requestsPerMinute, windowMs: MINUTE_MS };
  const limiter = createRateLimiter({ requests: limit }, clock);
  return {
    /** Takes one of the user's requests, or throws the 429 saying when they may ask again. */
    take(userId: string): void {
      const refusal = limiter.take(userId, ['requests']);
      if (refusal) throw new TooManyRequestsError(coachingLimitMessage(limit, refusal.waitMs), retryAfterSeconds(refusal.waitMs));
    },
  };
}

export type CoachingRequestLimit = ReturnType<typeof createCoachingRequestLimit>;
