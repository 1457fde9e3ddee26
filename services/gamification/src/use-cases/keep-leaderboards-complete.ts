import {
  createLeaderboardKeeper as createKeeper,
  type Clock,
  type LeaderboardKeeper,
  type LeaderboardRepair,
  type LeaderboardStore,
  type Logger,
  type ServiceMetrics,
} from '@warriors/kit';
import type { Executor } from '../store/schema';
import { rebuildLeaderboards } from './rebuild-leaderboards';

export { DEFAULT_COMPLETENESS_CHECK_MS, type LeaderboardKeeper } from '@warriors/kit';

export interface GamificationKeeperDeps {
  db: Executor;
  store: LeaderboardStore;
  clock: Clock;
  logger: Logger;
  metrics: ServiceMetrics;
  checkEveryMs?: number;
  onRebuilt?: (repair: LeaderboardRepair) => void;
}

/** kit's keeper with gamification's rebuild: the boards come back from the points ledger. */
export function createLeaderboardKeeper(deps: GamificationKeeperDeps): LeaderboardKeeper {
  const { db, store, clock, logger, metrics, checkEveryMs, onRebuilt } = deps;
  return createKeeper({ store, logger, metrics, checkEveryMs, onRebuilt, rebuild: () => rebuildLeaderboards(db, store, clock.now()) });
}
