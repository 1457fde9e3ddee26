import { Router, type RequestHandler } from 'express';
import { exportPathOf } from '@warriors/contracts';
import { currentUserId, jsonArrayPieces, sendStreamed, type Logger } from '@warriors/kit';
import type { exportChallenges } from '../use-cases/export-challenges.use-case';

/** Challenges' part of 'Download my data', asked by the gateway with the caller's token: the token's user's memberships only. */
export function exportRoutes(challenges: ReturnType<typeof exportChallenges>, auth: RequestHandler, logger: Logger): Router {
  const router = Router();

  router.get(exportPathOf('challenges'), auth, async (req, res) => {
    await sendStreamed(res, { contentType: 'application/json' }, jsonArrayPieces(challenges(currentUserId(req))), logger);
  });

  return router;
}
