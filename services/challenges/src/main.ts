import { redisLeaderboardPorts, runServiceProcess, type LeaderboardStore } from '@warriors/kit';
import { challengesNamespace, ChallengesProcessEnv, rateLimitsOf } from './config';
import type { ChallengeRateLimits } from './domain/rate-limits';
import { createChallengesService } from './service';

void runServiceProcess<{ leaderboard: LeaderboardStore; rateLimits: ChallengeRateLimits }, typeof ChallengesProcessEnv>('challenges', createChallengesService, {
  env: ChallengesProcessEnv,
  extraPorts: (config) => {
    const boards = redisLeaderboardPorts('challenges', config, challengesNamespace(config.LEADERBOARD_NAMESPACE));
    return { ports: { ...boards.ports, rateLimits: rateLimitsOf(config) }, close: boards.close };
  },
});
