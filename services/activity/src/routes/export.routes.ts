import { Router, type RequestHandler } from 'express';
import { exportFileName, exportPathOf } from '@warriors/contracts';
import { currentUserId, jsonArrayPieces, sendStreamed, type Logger } from '@warriors/kit';
import { csvPieces } from '../domain/export-csv';
import type { exportEntries } from '../use-cases/export-entries.use-case';

/**
 * 'Download my data': the caller's entries as CSV for the browser, and as the JSON array the
 * gateway puts into the whole export (me.json's `entries`). Both only ever the token's user's.
 */
export function exportRoutes(entries: ReturnType<typeof exportEntries>, auth: RequestHandler, logger: Logger): Router {
  const router = Router();

  router.get('/api/export/activities.csv', auth, async (req, res) => {
    const { today, pages } = await entries(currentUserId(req));
    await sendStreamed(res, { contentType: 'text/csv; charset=utf-8; header=present', fileName: exportFileName('activities', today, 'csv') }, csvPieces(pages), logger);
  });

  router.get(exportPathOf('entries'), auth, async (req, res) => {
    const { pages } = await entries(currentUserId(req));
    await sendStreamed(res, { contentType: 'application/json' }, jsonArrayPieces(pages), logger);
  });

  return router;
}
