import { Router, type RequestHandler } from 'express';
import { exportPathOf } from '@warriors/contracts';
import { currentUserId, jsonArrayPieces, sendStreamed, type Logger } from '@warriors/kit';
import type { exportBadges } from '../use-cases/export-badges.use-case';
import type { exportPointsLedger } from '../use-cases/export-points-ledger.use-case';

export interface GamificationExports {
  pointsLedger: ReturnType<typeof exportPointsLedger>;
  badges: ReturnType<typeof exportBadges>;
}

/** Gamification's parts of 'Download my data', asked by the gateway with the caller's token: the token's user's rows only. */
export function exportRoutes(exports: GamificationExports, auth: RequestHandler, logger: Logger): Router {
  const router = Router();
  const json = { contentType: 'application/json' };

  router.get(exportPathOf('points_ledger'), auth, async (req, res) => {
    await sendStreamed(res, json, jsonArrayPieces(exports.pointsLedger(currentUserId(req))), logger);
  });

  router.get(exportPathOf('badges'), auth, async (req, res) => {
    await sendStreamed(res, json, jsonArrayPieces(exports.badges(currentUserId(req))), logger);
  });

  return router;
}
