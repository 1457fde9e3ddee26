import { BUS_QUESTIONS, RanksReply, type RecentActivity } from '@warriors/contracts';
import { recentVisible } from '../store/activities.store';
import type { ReportsDeps } from './report-access';

export const FEED_SIZE = 20;
/** The feed is public and hot: a slow gamification costs it rank numbers, never more than this. */
export const RANKS_TIMEOUT_MS = 200;

export function listRecentActivities(deps: ReportsDeps) {
  const { db, bus } = deps;

  /** Today's ranks of these users for a viewer in `timezone`; empty when gamification does not answer in time. */
  async function ranks(userIds: string[], timezone: string): Promise<Record<string, number | null>> {
    if (userIds.length === 0) return {};
    try {
      return RanksReply.parse(await bus.request(BUS_QUESTIONS.ranks.subject, { user_ids: userIds, window: 'today', timezone }, RANKS_TIMEOUT_MS));
    } catch {
      return {};
    }
  }

  /** The feed for a viewer in `timezone`; `viewerId` (null without a token) says which entries they gave kudos. */
  return async function recent(timezone: string, viewerId: string | null): Promise<RecentActivity[]> {
    const rows = await recentVisible(db, FEED_SIZE, viewerId);
    const rankOf = await ranks([...new Set(rows.map((r) => r.user_id))], timezone);
    return rows.map((row) => ({ ...row, created_at: row.created_at.toISOString(), rank: rankOf[row.user_id] ?? null }));
  };
}
