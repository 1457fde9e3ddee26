/** `limit` actions at once, then back at `limit` per `windowMs` (kit's token bucket). */
export interface ChallengeRateLimit {
  limit: number;
  windowMs: number;
}

/** What a request takes from: a create from `creates`; a join, an accepted invite or a leave from `memberships`. */
export interface ChallengeRateLimits {
  creates: ChallengeRateLimit;
  memberships: ChallengeRateLimit;
}

export type ChallengeAction = keyof ChallengeRateLimits;

const HOUR_MS = 60 * 60_000;

/** Far above what a broker does by hand: see docs/decisions.md ("Rate limits on challenges"). */
export const DEFAULT_CHALLENGE_RATE_LIMITS: ChallengeRateLimits = {
  creates: { limit: 10, windowMs: HOUR_MS },
  memberships: { limit: 30, windowMs: HOUR_MS },
};
