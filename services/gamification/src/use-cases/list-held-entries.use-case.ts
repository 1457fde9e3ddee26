import { heldAmong } from '../store/exports.store';
import type { Executor } from '../store/schema';

/** Which of a page of the user's activities are held above a daily ceiling (the exports' held column, asked by activity). */
export function listHeldEntries({ db }: { db: Executor }) {
  return async (userId: string, activityIds: readonly string[]): Promise<{ held_ids: string[] }> => ({ held_ids: await heldAmong(db, userId, activityIds) });
}
