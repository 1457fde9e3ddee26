import type { LeaderboardRebuild, LeaderboardStore, ScoredMember } from '@warriors/kit';
import { DEFAULT_APPLY_MARKER_TTL_MS, DependencyUnavailableError } from '@warriors/kit';
import { isLive, liveDateRange, pointDeltas, windowsOf, ALLTIME_KEY } from '../domain/windows';
import { allTimePoints, dailyPointsSince, entriesSince } from '../store/ledger.store';
import type { Executor } from '../store/schema';

interface DaySet {
  expireAt: number | undefined;
  members: Map<string, number>;
}

/** The boards as the ledger holds them at one instant, and the ledger entries (recent enough to be redelivered) they include. */
interface LedgerSnapshot {
  /** The live day sets, each member's points of that date. */
  days: Map<string, DaySet>;
  /** The live seven-day sets: each the sum of its day sets, added up by the store. */
  sums: Map<string, { expireAt: number | undefined; sources: readonly string[] }>;
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
      const days: LedgerSnapshot['days'] = new Map();
      const sums: LedgerSnapshot['sums'] = new Map();
      // Each date's live day set, found once per date rather than per row; its seven-day sets noted.
      const daySetByDate = new Map<string, DaySet | null>();
      const daySetOf = (date: string): DaySet | null => {
        let found = daySetByDate.get(date);
        if (found === undefined) {
          found = null;
          for (const window of windowsOf(date)) {
            if (window.key === ALLTIME_KEY || !isLive(window, now)) continue;
            if (window.sumOf) sums.set(window.key, { expireAt: window.expireAt, sources: window.sumOf });
            else days.set(window.key, (found = { expireAt: window.expireAt, members: new Map<string, number>() }));
          }
          daySetByDate.set(date, found);
        }
        return found;
      };
      for (const row of await dailyPointsSince(trx, liveDateRange(now).from)) {
        const members = daySetOf(row.local_date)?.members;
        members?.set(row.user_id, (members.get(row.user_id) ?? 0) + row.points);
      }
      const allTime = (await allTimePoints(trx)).map((r) => ({ member: r.user_id, score: r.points }));
      return { days, sums, allTime, appliedIds: recent.map((a) => a.source_id) };
    });
}

async function writeBoards(rebuild: LeaderboardRebuild, snapshot: LedgerSnapshot): Promise<void> {
  const toMembers = (members: Map<string, number>): ScoredMember[] => [...members].map(([member, score]) => ({ member, score }));
  // Side by side: Redis takes the sets back to back while the next command is being written, and the
  // markers go in while it adds up the seven-day sets. A seven-day set's days are live whenever it is
  // (windows.ts), so they are all among the day sets put first.
  const sets = async () => {
    await Promise.all([...[...snapshot.days].map(([key, set]) => rebuild.put(key, toMembers(set.members), set.expireAt)), rebuild.put(ALLTIME_KEY, snapshot.allTime)]);
    await Promise.all([...snapshot.sums].map(([key, sum]) => rebuild.putSum(key, sum.sources, sum.expireAt)));
  };
  await Promise.all([rebuild.markApplied(snapshot.appliedIds), sets()]);
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
    keys = snapshot.days.size + snapshot.sums.size + 1;
    committed = await rebuild.commit();
  } catch (err) {
    await rebuild.abort();
    throw err;
  }
  return committed ? { keys, caughtUp: await catchUp(db, store, now) } : null;
}
