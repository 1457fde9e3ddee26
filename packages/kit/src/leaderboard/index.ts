export type { LeaderboardApply, LeaderboardRebuild, LeaderboardStore, ScoreDelta, ScoredMember } from './leaderboard-store.port';
export { DEFAULT_APPLY_MARKER_TTL_MS } from './leaderboard-input';
export { createMemoryLeaderboardStore, type MemoryLeaderboardStoreOptions } from './memory-leaderboard-store';
export { createRedisLeaderboardStore, type RedisLeaderboardStoreOptions } from './redis-leaderboard-store';
export { createLeaderboardKeeper, DEFAULT_COMPLETENESS_CHECK_MS, type LeaderboardKeeper, type LeaderboardKeeperDeps, type LeaderboardRepair } from './keeper';
export { createResponseCache, type ResponseCache } from './response-cache';
export { inProcessLeaderboard, keepServiceBoards, redisLeaderboardPorts, type LeaderboardPorts, type ServiceBoards } from './service-boards';
export { runLeaderboardRebuildCommand, type LeaderboardRebuildCommand } from './rebuild-command';
