import { goalsApi } from '../../features/goals';
import { leaderboardApi } from '../../features/leaderboard';
import type { AppStore } from '../../lib/store';

/**
 * Starts the reads the dashboard's first screen waits on (the goals behind the lock and the rings, the
 * cockpit's standing and board) beside `/api/me`, rather than after it and the screen's first render:
 * its largest paint is the lock's text, shown once the goals are read. The screen's own queries then
 * find them in the cache or in flight.
 */
export function startFirstReads(store: AppStore): void {
  store.dispatch(goalsApi.util.prefetch('getCampaigns', undefined, {}));
  store.dispatch(leaderboardApi.util.prefetch('getMyStanding', 'today', {}));
  store.dispatch(leaderboardApi.util.prefetch('getLeaderboard', 'today', {}));
}
