import { Router, type RequestHandler } from 'express';
import { exportPathOf } from '@warriors/contracts';
import { currentUserId } from '@warriors/kit';
import type { exportProfile } from '../use-cases/export-profile.use-case';

/** Auth's part of 'Download my data', asked by the gateway with the caller's token: the token's account only. */
export function exportRoutes(profile: ReturnType<typeof exportProfile>, auth: RequestHandler): Router {
  const router = Router();

  router.get(exportPathOf('profile'), auth, async (req, res) => {
    res.set('Cache-Control', 'no-store').json(await profile(currentUserId(req)));
  });

  return router;
}
