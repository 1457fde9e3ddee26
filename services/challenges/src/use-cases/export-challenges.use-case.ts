import { EXPORT_PAGE_SIZE, type ExportChallenge } from '@warriors/contracts';
import { keysetPages } from '@warriors/kit';
import { membershipsPage, type ChallengeExportRow } from '../store/exports.store';
import type { Executor } from '../store/schema';

/** The challenges the user is in, the ones they host with role 'owner', with their score, page by page (me.json's `challenges`). */
export function exportChallenges({ db }: { db: Executor }) {
  return async function* challenges(userId: string): AsyncGenerator<ExportChallenge[]> {
    for await (const rows of keysetPages<ChallengeExportRow>((after) => membershipsPage(db, userId, after, EXPORT_PAGE_SIZE), EXPORT_PAGE_SIZE)) {
      yield rows.map((row) => ({ ...row, start_at: row.start_at.toISOString(), end_at: row.end_at.toISOString(), joined_at: row.joined_at.toISOString() }));
    }
  };
}
