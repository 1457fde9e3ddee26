import { Router, type RequestHandler } from 'express';
import { RECAP_MESSAGES, RecapNoticeParams } from '@warriors/contracts';
import { currentUserId, parsePathId } from '@warriors/kit';
import type { getWeeklyRecap } from '../use-cases/get-weekly-recap.use-case';
import type { listRecapNotices } from '../use-cases/list-recap-notices.use-case';
import type { readRecapNotice } from '../use-cases/read-recap-notice.use-case';

export interface RecapOperations {
  weekly: ReturnType<typeof getWeeklyRecap>;
  notices: ReturnType<typeof listRecapNotices>;
  readNotice: ReturnType<typeof readRecapNotice>;
}

/** The weekly recap and its line in the bell, each the caller's own. `auth` is the service's requireAuth. */
export function recapRoutes(recap: RecapOperations, auth: RequestHandler): Router {
  const router = Router();

  router.get('/api/recap/weekly', auth, async (req, res) => {
    res.json(await recap.weekly(currentUserId(req)));
  });

  router.get('/api/recap/notices', auth, async (req, res) => {
    res.json(await recap.notices(currentUserId(req)));
  });

  router.put('/api/recap/notices/:id/read', auth, async (req, res) => {
    const userId = currentUserId(req);
    // A malformed id names no notice of anyone's: the same 404 as someone else's.
    const { id } = parsePathId(RecapNoticeParams, req.params, RECAP_MESSAGES.noticeNotFound);
    res.json(await recap.readNotice(userId, id));
  });

  return router;
}
