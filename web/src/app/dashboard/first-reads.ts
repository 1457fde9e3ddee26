import { API_BASE } from '../../lib/base-query';
import { startEarlyRead } from '../../lib/early-reads';

/**
 * The reads the dashboard's first screen waits on (the goals behind the lock and the rings, the
 * cockpit's standing and board), as its goals and leaderboard endpoints ask for them: its largest paint
 * is the lock's text, shown once the goals are read.
 */
export const DASHBOARD_FIRST_READS = ['/campaigns', '/leaderboard/me?window=today', '/leaderboard/today'] as const;

/** Starts them beside `/api/me`, before the screen's code (and the endpoints') has arrived. */
export function startFirstReads(token: string): void {
  for (const url of DASHBOARD_FIRST_READS) startEarlyRead(`${API_BASE}${url}`, token);
}
