import { closeRedis, createLogger, createRedis, redisTargetOf, runServiceProcess } from '@warriors/kit';
import { GamificationProcessEnv } from './config';
import { createRedisLeaderboardStore, type LeaderboardStore } from '@warriors/kit';
import { createGamificationService } from './service';

void runServiceProcess<{ leaderboard: LeaderboardStore }, typeof GamificationProcessEnv>('gamification', createGamificationService, {
  env: GamificationProcessEnv,
  extraPorts: (config) => {
    const redis = createRedis(redisTargetOf(config));
    // Without a listener ioredis prints every failed reconnect; the store answers 503 meanwhile and rebuilds after.
    const logger = createLogger('gamification-redis');
    redis.on('error', (err: Error) => logger.warn({ err: err.message }, 'redis error'));
    return {
      ports: { leaderboard: createRedisLeaderboardStore(redis, { namespace: config.LEADERBOARD_NAMESPACE }) },
      close: async () => {
        await closeRedis(redis);
      },
    };
  },
});
