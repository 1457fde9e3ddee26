import { EXPORT_PAGE_SIZE, type ExportGoal } from '@warriors/contracts';
import { keysetPages } from '@warriors/kit';
import { goalsPage, type GoalExportRow } from '../store/exports.store';
import type { Executor } from '../store/schema';

/** Every goal the user joined, left or completed, with its progress, page by page (me.json's `goals`). */
export function exportGoals({ db }: { db: Executor }) {
  return async function* goals(userId: string): AsyncGenerator<ExportGoal[]> {
    for await (const rows of keysetPages<GoalExportRow>((after) => goalsPage(db, userId, after, EXPORT_PAGE_SIZE), EXPORT_PAGE_SIZE)) {
      yield rows.map(({ creator_id, started_at, left_at, completed_at, ...goal }) => ({
        ...goal,
        started_at: started_at.toISOString(),
        left_at: left_at?.toISOString() ?? null,
        completed_at: completed_at?.toISOString() ?? null,
        created_by_me: creator_id === userId,
      }));
    }
  };
}
