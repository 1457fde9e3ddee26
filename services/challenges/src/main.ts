import { closeRedis, createLogger, createRedis, redisTargetOf, createRedisLeaderboardStore, runServiceProcess, type LeaderboardStore } from '@warriors/kit';
import { challengesNamespace, ChallengesProcessEnv } from './config';
import { createChallengesService } from './service';

void runServiceProcess<{ leaderboard: LeaderboardStore }, typeof ChallengesProcessEnv>('challenges', createChallengesService, {
  env: ChallengesProcessEnv,
  extraPorts: (config) => {
    const redis = createRedis(redisTargetOf(config));
    const logger = createLogger('challenges-redis');
    redis.on('error', (err: Error) => logger.warn({ err: err.message }, 'redis error'));
    return {
      ports: { leaderboard: createRedisLeaderboardStore(redis, { namespace: challengesNamespace(config.LEADERBOARD_NAMESPACE) }) },
      close: async () => {
        await closeRedis(redis);
      },
    };
  },
});
