import type { LeaderboardStore, ScoredMember } from '../leaderboard';
import { DEFAULT_APPLY_MARKER_TTL_MS } from '../leaderboard/leaderboard-input';
import { isLive, liveDateRange, pointDeltas, ALLTIME_KEY } from '../domain/windows';
import { activitiesSince, allTimePoints, dailyPointsSince } from '../store/ledger.store';
import type { Executor } from '../store/schema';

const MARK_BATCH = 500;

/**
 * Re-creates every live leaderboard set from the points ledger: the same sets, scores and expiries
 * the incremental path would hold. Run it with the activity consumers stopped: an activity applied
 * to the store between the ledger read and a replace would be overwritten.
 */
export async function rebuildLeaderboards(db: Executor, store: LeaderboardStore, now: Date): Promise<{ keys: number }> {
  await store.clear();
  // clear() dropped the apply markers; a redelivered activity must still not count twice.
  const recent = await activitiesSince(db, new Date(now.getTime() - DEFAULT_APPLY_MARKER_TTL_MS));
  for (let i = 0; i < recent.length; i += MARK_BATCH) {
    await Promise.all(recent.slice(i, i + MARK_BATCH).map((a) => store.apply(a.source_id, a.user_id, [])));
  }

  const sets = new Map<string, { expireAt: number | undefined; members: Map<string, number> }>();
  for (const row of await dailyPointsSince(db, liveDateRange(now).from)) {
    for (const delta of pointDeltas(row.local_date, row.points)) {
      if (delta.key === ALLTIME_KEY || !isLive(delta, now)) continue;
      const set = sets.get(delta.key) ?? { expireAt: delta.expireAt, members: new Map<string, number>() };
      set.members.set(row.user_id, (set.members.get(row.user_id) ?? 0) + delta.delta);
      sets.set(delta.key, set);
    }
  }
  const toMembers = (members: Map<string, number>): ScoredMember[] => [...members].map(([member, score]) => ({ member, score }));
  for (const [key, set] of sets) await store.replace(key, toMembers(set.members), set.expireAt);
  const allTime = await allTimePoints(db);
  await store.replace(ALLTIME_KEY, allTime.map((r) => ({ member: r.user_id, score: r.points })));
  return { keys: sets.size + 1 };
}
