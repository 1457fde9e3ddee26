import { createRateLimiter, refusalText, retryAfterSeconds, TooManyRequestsError, type Clock } from '@warriors/kit';
import type { ChallengeAction, ChallengeRateLimits } from '../domain/rate-limits';

const LIMITED: Record<ChallengeAction, string> = {
  creates: 'challenges created',
  memberships: 'challenge joins and leaves',
};

/** Each user's creates, joins and leaves in this process, against the limits (kit's per-instance limiter). */
export function createChallengeRateLimits(limits: ChallengeRateLimits, clock: Clock) {
  const limiter = createRateLimiter(limits, clock);
  return {
    /** Takes one of the user's tokens for the action, or refuses with a 429 saying what was limited and when to retry. */
    take(userId: string, action: ChallengeAction): void {
      const refusal = limiter.take(userId, [action]);
      if (refusal) throw new TooManyRequestsError(refusalText(LIMITED[action], refusal), retryAfterSeconds(refusal.waitMs));
    },
  };
}

export type ChallengeRateLimiter = ReturnType<typeof createChallengeRateLimits>;
