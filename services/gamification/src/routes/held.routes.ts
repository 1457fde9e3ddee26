import { Router } from 'express';
import type { RequestHandler } from 'express';
import { ActivityIdParams } from '@warriors/contracts';
import { currentUserId, notFound, type Clock } from '@warriors/kit';
import { ACTIVITY_NOT_FOUND, type HeldActivities } from '../use-cases/held-activities';

/** The entries held above their daily ceilings live in the ledger, so their routes are gamification's. */
export function heldRoutes(held: HeldActivities, auth: RequestHandler, clock: Clock): Router {
  const router = Router();

  router.get('/api/activity/held', auth, async (req, res) => {
    res.json(await held.list(currentUserId(req)));
  });

  router.post('/api/activity/:id/confirm', auth, async (req, res) => {
    const params = ActivityIdParams.safeParse(req.params);
    if (!params.success) throw notFound(ACTIVITY_NOT_FOUND);
    res.json(await held.confirm(currentUserId(req), params.data.id, clock.now()));
  });

  return router;
}
