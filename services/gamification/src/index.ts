export { createGamificationService, type GamificationPorts } from './service';
export { rebuildLeaderboards } from './use-cases/rebuild-leaderboards';
