import { closeRedis, createLogger, createRedis, redisTargetOf, createRedisLeaderboardStore, runServiceProcess, type LeaderboardStore } from '@warriors/kit';
import { challengesNamespace, ChallengesProcessEnv, rateLimitsOf } from './config';
import type { ChallengeRateLimits } from './domain/rate-limits';
import { createChallengesService } from './service';

void runServiceProcess<{ leaderboard: LeaderboardStore; rateLimits: ChallengeRateLimits }, typeof ChallengesProcessEnv>('challenges', createChallengesService, {
  env: ChallengesProcessEnv,
  extraPorts: (config) => {
    const redis = createRedis(redisTargetOf(config));
    const logger = createLogger('challenges-redis');
    redis.on('error', (err: Error) => logger.warn({ err: err.message }, 'redis error'));
    return {
      ports: { leaderboard: createRedisLeaderboardStore(redis, { namespace: challengesNamespace(config.LEADERBOARD_NAMESPACE) }), rateLimits: rateLimitsOf(config) },
      close: async () => {
        await closeRedis(redis);
      },
    };
  },
});
