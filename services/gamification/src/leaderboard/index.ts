export type { LeaderboardRebuild, LeaderboardStore, ScoreDelta, ScoredMember } from './leaderboard-store.port';
export { createMemoryLeaderboardStore, type MemoryLeaderboardStoreOptions } from './memory-leaderboard-store';
export { createRedisLeaderboardStore, type RedisLeaderboardStoreOptions } from './redis-leaderboard-store';
