import { createRedis, runServiceProcess } from '@warriors/kit';
import { DEFAULT_PORT, GamificationProcessEnv } from './config';
import { createRedisLeaderboardStore, type LeaderboardStore } from './leaderboard';
import { createGamificationService } from './service';

void runServiceProcess<{ leaderboard: LeaderboardStore }, typeof GamificationProcessEnv>('gamification', DEFAULT_PORT, createGamificationService, {
  env: GamificationProcessEnv,
  extraPorts: (config) => {
    const redis = createRedis(config.REDIS_URL);
    return {
      ports: { leaderboard: createRedisLeaderboardStore(redis, { namespace: config.LEADERBOARD_NAMESPACE }) },
      close: async () => {
        await redis.quit();
      },
    };
  },
});
