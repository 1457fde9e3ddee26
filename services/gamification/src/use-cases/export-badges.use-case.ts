import { EXPORT_PAGE_SIZE, type ExportBadge } from '@warriors/contracts';
import { keysetPages } from '@warriors/kit';
import { badgeSpec } from '../domain/badge-catalog';
import { badgesPage, type BadgeExportRow } from '../store/exports.store';
import type { Executor } from '../store/schema';

/** Every badge the user earned, one row per cycle it was earned in, page by page (me.json's `badges`). */
export function exportBadges({ db }: { db: Executor }) {
  return async function* badges(userId: string): AsyncGenerator<ExportBadge[]> {
    for await (const rows of keysetPages<BadgeExportRow>((after) => badgesPage(db, userId, after, EXPORT_PAGE_SIZE), EXPORT_PAGE_SIZE)) {
      yield rows.map((row) => ({ ...row, name: badgeSpec(row.badge_type).name, earned_at: row.earned_at.toISOString() }));
    }
  };
}
