import { BUS_QUESTIONS, EXPORT_PAGE_SIZE, localTimestamp, usableTimezone, type ExportEntry } from '@warriors/contracts';
import { askService, keysetPages, notFound } from '@warriors/kit';
import { exportedEntriesPage, type ExportedActivityRow } from '../store/activities.store';
import type { ReportsDeps } from './report-access';
import { USER_NOT_FOUND } from './report-access';

/** How long a page waits for gamification to say which of its entries are held. */
export const HELD_TIMEOUT_MS = 2000;
export const HELD_UNAVAILABLE = 'Held entries are unavailable right now. Please try again shortly.';

export interface EntriesExport {
  /** The local day the export is made on, in the broker's timezone (the file's date). */
  today: string;
  pages: AsyncIterable<ExportEntry[]>;
}

/**
 * The caller's entries, page by page: each page read in one statement, and gamification asked
 * which of its entries are held above a daily ceiling (the ledger keeps that, not the log). Local
 * times are in the broker's timezone now; local_date is the day each entry counted in.
 */
export function exportEntries({ db, bus, clock, users }: ReportsDeps) {
  return async function entries(userId: string): Promise<EntriesExport> {
    const user = await users.resolve(userId);
    if (!user) throw notFound(USER_NOT_FOUND);
    const timezone = usableTimezone(user.timezone);

    async function* pages(): AsyncGenerator<ExportEntry[]> {
      for await (const rows of keysetPages<ExportedActivityRow>((after) => exportedEntriesPage(db, userId, after, EXPORT_PAGE_SIZE), EXPORT_PAGE_SIZE)) {
        const { held_ids } = await askService(
          bus,
          BUS_QUESTIONS.heldEntries,
          { user_id: userId, activity_ids: rows.map((row) => row.id) },
          { timeoutMs: HELD_TIMEOUT_MS, unavailable: HELD_UNAVAILABLE },
        );
        const held = new Set(held_ids);
        yield rows.map((row) => ({
          id: row.id,
          activity_type: row.activity_type,
          quantity: row.quantity,
          points: row.points,
          held: held.has(row.id),
          note: row.note,
          created_at_utc: row.created_at.toISOString(),
          created_at_local: localTimestamp(row.created_at, timezone),
          local_date: row.local_date,
        }));
      }
    }

    return { today: localTimestamp(clock.now(), timezone).slice(0, 10), pages: pages() };
  };
}
