import type { LeaderboardRebuild, LeaderboardStore, ScoredMember } from '@warriors/kit';
import { DEFAULT_APPLY_MARKER_TTL_MS, DependencyUnavailableError } from '@warriors/kit';
import { isLive, liveDateRange, pointDeltas, ALLTIME_KEY } from '../domain/windows';
import { allTimePoints, dailyPointsSince, entriesSince } from '../store/ledger.store';
import type { Executor } from '../store/schema';

/** The boards as the ledger holds them at one instant, and the ledger entries (recent enough to be redelivered) they include. */
interface LedgerSnapshot {
  sets: Map<string, { expireAt: number | undefined; members: Map<string, number> }>;
  allTime: ScoredMember[];
  appliedIds: string[];
}

/**
 * One REPEATABLE READ transaction, so the sets and the apply ids describe the same ledger: an entry
 * is either counted in the boards and marked applied, or neither (and its apply, refused until the
 * commit, is retried and then counts once).
 */
async function readLedger(db: Executor, now: Date): Promise<LedgerSnapshot> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      // The markers of entries older than a marker's lifetime have expired in the incremental path too.
      const recent = await entriesSince(trx, new Date(now.getTime() - DEFAULT_APPLY_MARKER_TTL_MS));
      const sets: LedgerSnapshot['sets'] = new Map();
      for (const row of await dailyPointsSince(trx, liveDateRange(now).from)) {
        for (const delta of pointDeltas(row.local_date, row.points)) {
          if (delta.key === ALLTIME_KEY || !isLive(delta, now)) continue;
          const set = sets.get(delta.key) ?? { expireAt: delta.expireAt, members: new Map<string, number>() };
          set.members.set(row.user_id, (set.members.get(row.user_id) ?? 0) + delta.delta);
          sets.set(delta.key, set);
        }
      }
      const allTime = (await allTimePoints(trx)).map((r) => ({ member: r.user_id, score: r.points }));
      return { sets, allTime, appliedIds: recent.map((a) => a.source_id) };
    });
}

async function writeBoards(rebuild: LeaderboardRebuild, snapshot: LedgerSnapshot): Promise<void> {
  await rebuild.markApplied(snapshot.appliedIds);
  const toMembers = (members: Map<string, number>): ScoredMember[] => [...members].map(([member, score]) => ({ member, score }));
  for (const [key, set] of snapshot.sets) await rebuild.put(key, toMembers(set.members), set.expireAt);
  await rebuild.put(ALLTIME_KEY, snapshot.allTime);
}

/**
 * Entries committed after the ledger read were refused by the store until the commit; their
 * consumers retry them, but only after the bus's redelivery delay. Applying the recent ledger now
 * shortens that gap: each apply is keyed like the consumer's (the entry's source id), so whichever
 * comes first counts and the other, like every entry the rebuild marked, changes nothing. Older
 * entries are left to their consumers' retries.
 */
const CATCH_UP_WINDOW_MS = 10 * 60 * 1000;
const CATCH_UP_BATCH = 500;

async function catchUp(db: Executor, store: LeaderboardStore, now: Date): Promise<number> {
  const entries = await entriesSince(db, new Date(now.getTime() - CATCH_UP_WINDOW_MS));
  let applied = 0;
  for (let i = 0; i < entries.length; i += CATCH_UP_BATCH) {
    const batch = entries.slice(i, i + CATCH_UP_BATCH);
    let results: boolean[];
    try {
      results = await store.applyAll(batch.map((e) => ({ applyId: e.source_id, member: e.user_id, deltas: pointDeltas(e.local_date, e.points) })));
    } catch (err) {
      // Another rebuild began after this one's commit (a keeper's, say): it reads the ledger itself,
      // these entries included, so this catch-up has nothing left to add.
      if (err instanceof DependencyUnavailableError) return applied;
      throw err;
    }
    applied += results.filter(Boolean).length;
  }
  return applied;
}

/**
 * Re-creates every live leaderboard set from the points ledger (the system of record): the same
 * sets, scores and expiries the incremental path would hold. Safe while the consumers run: the
 * store refuses every apply from beginRebuild to the commit, and the ledger is read only after
 * beginRebuild, so an apply that went in before is in the ledger read, and one refused meanwhile is
 * retried by its consumer after the commit, counting once (marked applied when the read held it),
 * and applied at once by the catch-up that follows the commit. Null when another process holds the
 * rebuild, or this one lost it before the commit; `caughtUp` counts the entries the catch-up added.
 */
export async function rebuildLeaderboards(db: Executor, store: LeaderboardStore, now: Date): Promise<{ keys: number; caughtUp: number } | null> {
  const rebuild = await store.beginRebuild();
  if (rebuild === null) return null;
  let committed: boolean;
  let keys: number;
  try {
    const snapshot = await readLedger(db, now);
    await writeBoards(rebuild, snapshot);
    keys = snapshot.sets.size + 1;
    committed = await rebuild.commit();
  } catch (err) {
    await rebuild.abort();
    throw err;
  }
  return committed ? { keys, caughtUp: await catchUp(db, store, now) } : null;
}
