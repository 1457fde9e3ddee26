import { Router, type RequestHandler } from 'express';
import { currentUserId } from '@warriors/kit';
import type { Coach } from '../use-cases/coach';

/** Both routes are the signed-in broker's own coaching: there is no one else's to ask for. */
export function coachingRoutes(coach: Coach, auth: RequestHandler): Router {
  const router = Router();

  router.get('/api/daily-accountability', auth, async (req, res) => {
    res.json(await coach.dailyAccountability(currentUserId(req)));
  });

  router.post('/api/ai/goal/today', auth, async (req, res) => {
    res.json(await coach.goalToday(currentUserId(req)));
  });

  return router;
}
