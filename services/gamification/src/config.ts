import { z } from 'zod';
import { checkRedisEnv, redisEnvShape, ServiceProcessEnv } from '@warriors/kit';

/** The gamification process (and the rebuild command) read the service settings plus Redis. */
export const GamificationProcessEnv = ServiceProcessEnv.extend({
  ...redisEnvShape,
  /** Prefix of every leaderboard key: environments sharing one Redis use their own. */
  LEADERBOARD_NAMESPACE: z.string().min(1).default('lb'),
}).superRefine(checkRedisEnv);
export type GamificationProcessEnv = z.infer<typeof GamificationProcessEnv>;
