import { redisLeaderboardPorts, runServiceProcess, type LeaderboardStore } from '@warriors/kit';
import { GamificationProcessEnv } from './config';
import { createGamificationService } from './service';

void runServiceProcess<{ leaderboard: LeaderboardStore }, typeof GamificationProcessEnv>('gamification', createGamificationService, {
  env: GamificationProcessEnv,
  extraPorts: (config) => redisLeaderboardPorts('gamification', config, config.LEADERBOARD_NAMESPACE),
});
