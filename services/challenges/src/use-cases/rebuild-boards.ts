import { DEFAULT_APPLY_MARKER_TTL_MS, type ScoredMember } from '@warriors/kit';
import { scorers } from '../store/challenges.store';
import { creditedSince } from '../store/scoring.store';
import type { Executor } from '../store/schema';
import { boardKey, type Board } from './board-pages';

/**
 * Re-creates every challenge board from the members' points in PostgreSQL (the truth): one set per
 * challenge with its scorers. The members and the recent credit ids are read in one REPEATABLE READ
 * transaction after beginRebuild, so an activity is either in the sets and marked applied, or
 * neither (its apply, refused until the commit, is retried by the consumer and counts once). Null
 * when another process holds the rebuild.
 */
export async function rebuildBoards(db: Executor, board: Board, now: Date): Promise<{ keys: number; members: number } | null> {
  const rebuild = await board.beginRebuild();
  if (rebuild === null) return null;
  try {
    const { sets, applied, members } = await db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const rows = await scorers(trx);
        const sets = new Map<string, ScoredMember[]>();
        for (const row of rows) sets.set(boardKey(row.challenge_id), [...(sets.get(boardKey(row.challenge_id)) ?? []), { member: row.user_id, score: row.points }]);
        const applied = await creditedSince(trx, new Date(now.getTime() - DEFAULT_APPLY_MARKER_TTL_MS));
        return { sets, applied, members: rows.length };
      });
    await rebuild.markApplied(applied);
    for (const [key, scored] of sets) await rebuild.put(key, scored);
    return (await rebuild.commit()) ? { keys: sets.size, members } : null;
  } catch (err) {
    await rebuild.abort();
    throw err;
  }
}
