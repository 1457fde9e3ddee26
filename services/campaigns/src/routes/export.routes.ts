import { Router, type RequestHandler } from 'express';
import { exportPathOf } from '@warriors/contracts';
import { currentUserId, jsonArrayPieces, sendStreamed, type Logger } from '@warriors/kit';
import type { exportGoals } from '../use-cases/export-goals.use-case';

/** Campaigns' part of 'Download my data', asked by the gateway with the caller's token: the token's user's goals only. */
export function exportRoutes(goals: ReturnType<typeof exportGoals>, auth: RequestHandler, logger: Logger): Router {
  const router = Router();

  router.get(exportPathOf('goals'), auth, async (req, res) => {
    await sendStreamed(res, { contentType: 'application/json' }, jsonArrayPieces(goals(currentUserId(req))), logger);
  });

  return router;
}
