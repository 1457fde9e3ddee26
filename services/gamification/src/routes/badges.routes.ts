import { Router, type RequestHandler } from 'express';
import type { BadgeDefinitionsResponse } from '@warriors/contracts';
import { currentUserId, type Clock } from '@warriors/kit';
import { badgeDefinitions } from '../domain/badges';
import type { Executor } from '../store/schema';
import { userBadgeProgress, userBadges } from '../use-cases/user-stats';

/** `auth` is the service's requireAuth, which also refuses deleted accounts. */
export function badgesRoutes(db: Executor, auth: RequestHandler, dailyGoalPoints: number, clock: Clock): Router {
  const router = Router();

  router.get('/api/badges', auth, async (req, res) => {
    res.json(await userBadges(db, currentUserId(req)));
  });

  router.get('/api/badges/progress', auth, async (req, res) => {
    res.json(await userBadgeProgress(db, currentUserId(req), clock.now(), dailyGoalPoints));
  });

  router.get('/api/badge-definitions', auth, (_req, res) => {
    const body: BadgeDefinitionsResponse = { definitions: badgeDefinitions(), daily_goal_points: dailyGoalPoints };
    res.json(body);
  });

  return router;
}
