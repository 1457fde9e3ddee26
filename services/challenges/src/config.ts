import { z } from 'zod';
import { checkRedisEnv, redisEnvShape, ServiceProcessEnv } from '@warriors/kit';

/** The challenges process (and its rebuild command) read the service settings plus Redis. */
export const ChallengesProcessEnv = ServiceProcessEnv.extend({
  ...redisEnvShape,
  /** gamification's prefix: challenges' boards live under `${LEADERBOARD_NAMESPACE}-challenges`. */
  LEADERBOARD_NAMESPACE: z.string().min(1).default('lb'),
}).superRefine(checkRedisEnv);
export type ChallengesProcessEnv = z.infer<typeof ChallengesProcessEnv>;

/**
 * Beside gamification's namespace, not under it: gamification's rebuild drops every set under
 * `${namespace}:` it did not rebuild, so the challenge boards need a prefix of their own.
 */
export const challengesNamespace = (leaderboardNamespace: string): string => `${leaderboardNamespace}-challenges`;
