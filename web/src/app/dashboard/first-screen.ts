import { activityApi } from '../../features/activity';
import { goalsApi } from '../../features/goals';
import { leaderboardApi } from '../../features/leaderboard';
import { clientConfigApi } from '../../lib/client-config';
import { hasEarlyRead } from '../../lib/early-reads';
import type { AppStore } from '../../lib/store';
import { firstReadUrl, DASHBOARD_FIRST_READS } from './first-reads';

/**
 * How long the dashboard's first appearance on a page load waits for the reads started with the session
 * (docs/decisions.md, "The dashboard's first screen shows with its first reads"). They are usually in
 * before the screen's code; past this, the screen shows without them and fills in as they land.
 */
export const FIRST_READS_WAIT_MS = 1000;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Puts the first screen's reads in the store before the screen first renders: the goals behind the lock
 * and the rings, the cockpit's standing and board, the log panel's held entries. Its first render then
 * shows them, instead of a render without them, the queries its effects start, and a second render of
 * the whole screen. It waits only for reads already under way since the page loaded; reached from
 * another screen, the dashboard shows at once and its reads land as they come.
 */
export async function primeFirstScreen(store: AppStore): Promise<void> {
  const { token } = store.getState().session;
  const underWay = token !== null && DASHBOARD_FIRST_READS.some((url) => hasEarlyRead(firstReadUrl(url), token));
  const reads = [
    store.dispatch(goalsApi.endpoints.getCampaigns.initiate(undefined, { subscribe: false })),
    store.dispatch(leaderboardApi.endpoints.getMyStanding.initiate('today', { subscribe: false })),
    store.dispatch(leaderboardApi.endpoints.getLeaderboard.initiate('today', { subscribe: false })),
    store.dispatch(activityApi.endpoints.getHeldActivities.initiate(undefined, { subscribe: false })),
    // Whether the header offers today's plan: asked with them, so the button does not pop in.
    store.dispatch(clientConfigApi.endpoints.getClientConfig.initiate(undefined, { subscribe: false })),
  ];
  if (underWay) await Promise.race([Promise.allSettled(reads), pause(FIRST_READS_WAIT_MS)]);
}
