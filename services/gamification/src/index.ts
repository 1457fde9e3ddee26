export type * from './leaderboard/leaderboard-store.port';
export { createGamificationService, type GamificationPorts } from './service';
export { rebuildLeaderboards } from './use-cases/rebuild-leaderboards';
export { createMemoryLeaderboardStore, createRedisLeaderboardStore } from './leaderboard';
