import { EXPORT_PAGE_SIZE, type ExportLedgerRow } from '@warriors/contracts';
import { keysetPages } from '@warriors/kit';
import { ledgerPage, type LedgerExportRow } from '../store/exports.store';
import type { Executor } from '../store/schema';

/** The user's points ledger, page by page (me.json's `points_ledger`): entries' points and goals' bonuses. */
export function exportPointsLedger({ db }: { db: Executor }) {
  return async function* ledger(userId: string): AsyncGenerator<ExportLedgerRow[]> {
    for await (const rows of keysetPages<LedgerExportRow>((after) => ledgerPage(db, userId, after, EXPORT_PAGE_SIZE), EXPORT_PAGE_SIZE)) {
      yield rows.map((row) => ({
        ...row,
        id: Number(row.id),
        occurred_at: row.occurred_at.toISOString(),
        confirmed_at: row.confirmed_at?.toISOString() ?? null,
      }));
    }
  };
}
