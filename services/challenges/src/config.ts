import { z } from 'zod';
import { checkRedisEnv, redisEnvShape, ServiceProcessEnv } from '@warriors/kit';
import { DEFAULT_CHALLENGE_RATE_LIMITS, type ChallengeRateLimits } from './domain/rate-limits';

const perUser = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** The challenges process (and its rebuild command) read the service settings plus Redis, and its rate limits (per user, per instance). */
export const ChallengesProcessEnv = ServiceProcessEnv.extend({
  ...redisEnvShape,
  /** gamification's prefix: challenges' boards live under `${LEADERBOARD_NAMESPACE}-challenges`. */
  LEADERBOARD_NAMESPACE: z.string().min(1).default('lb'),
  CHALLENGES_CREATES_PER_HOUR: perUser(DEFAULT_CHALLENGE_RATE_LIMITS.creates.limit),
  CHALLENGES_JOINS_AND_LEAVES_PER_HOUR: perUser(DEFAULT_CHALLENGE_RATE_LIMITS.memberships.limit),
}).superRefine(checkRedisEnv);
export type ChallengesProcessEnv = z.infer<typeof ChallengesProcessEnv>;

export const rateLimitsOf = (config: ChallengesProcessEnv): ChallengeRateLimits => ({
  creates: { ...DEFAULT_CHALLENGE_RATE_LIMITS.creates, limit: config.CHALLENGES_CREATES_PER_HOUR },
  memberships: { ...DEFAULT_CHALLENGE_RATE_LIMITS.memberships, limit: config.CHALLENGES_JOINS_AND_LEAVES_PER_HOUR },
});

/**
 * Beside gamification's namespace, not under it: gamification's rebuild drops every set under
 * `${namespace}:` it did not rebuild, so the challenge boards need a prefix of their own.
 */
export const challengesNamespace = (leaderboardNamespace: string): string => `${leaderboardNamespace}-challenges`;
