import { z } from 'zod';
import { ServiceProcessEnv } from '@warriors/kit';

/** The gamification process (and the rebuild command) read the service settings plus Redis. */
export const GamificationProcessEnv = ServiceProcessEnv.extend({
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  /** Prefix of every leaderboard key: environments sharing one Redis use their own. */
  LEADERBOARD_NAMESPACE: z.string().min(1).default('lb'),
});
export type GamificationProcessEnv = z.infer<typeof GamificationProcessEnv>;
