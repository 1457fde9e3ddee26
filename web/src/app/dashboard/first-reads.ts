import { API_BASE } from '../../lib/base-query';
import { startEarlyRead } from '../../lib/early-reads';

/**
 * The reads the dashboard's first screen waits on (the goals behind the lock and the rings, the
 * cockpit's standing and board, the log panel's held entries), as its endpoints ask for them: its
 * largest paint is the lock's text, shown once the goals are read.
 */
export const DASHBOARD_FIRST_READS = ['/campaigns', '/leaderboard/me?window=today', '/leaderboard/today', '/activity/held'] as const;

/** The address a first read is fetched at, as the base query would ask for it. */
export const firstReadUrl = (url: string) => `${API_BASE}${url}`;

/** Starts them beside `/api/me`, before the screen's code (and the endpoints') has arrived. */
export function startFirstReads(token: string): void {
  for (const url of DASHBOARD_FIRST_READS) startEarlyRead(firstReadUrl(url), token);
}
