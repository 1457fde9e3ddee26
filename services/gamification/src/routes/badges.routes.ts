import { Router, type RequestHandler } from 'express';
import type { BadgeDefinitionsResponse } from '@warriors/contracts';
import { currentUserId } from '@warriors/kit';
import { badgeDefinitions } from '../domain/badges';
import type { getBadgeProgress } from '../use-cases/get-badge-progress.use-case';
import type { listUserBadges } from '../use-cases/list-user-badges.use-case';

export interface BadgeOperations {
  list: ReturnType<typeof listUserBadges>;
  progress: ReturnType<typeof getBadgeProgress>;
}

/** `auth` is the service's requireAuth, which also refuses deleted accounts. */
export function badgesRoutes(badges: BadgeOperations, auth: RequestHandler, dailyGoalPoints: number): Router {
  const router = Router();

  router.get('/api/badges', auth, async (req, res) => {
    res.json(await badges.list(currentUserId(req)));
  });

  router.get('/api/badges/progress', auth, async (req, res) => {
    res.json(await badges.progress(currentUserId(req)));
  });

  router.get('/api/badge-definitions', auth, (_req, res) => {
    const body: BadgeDefinitionsResponse = { definitions: badgeDefinitions(), daily_goal_points: dailyGoalPoints };
    res.json(body);
  });

  return router;
}
