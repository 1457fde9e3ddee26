import { Router } from 'express';
import type { BadgeDefinitionsResponse } from '@warriors/contracts';
import { currentUserId, requireAuth, type TokenSigner } from '@warriors/kit';
import { badgeDefinitions } from '../domain/badges';
import type { Executor } from '../store/schema';
import { userBadges } from '../use-cases/user-stats';

export function badgesRoutes(db: Executor, tokens: TokenSigner, dailyGoalPoints: number): Router {
  const router = Router();
  const auth = requireAuth(tokens);

  router.get('/api/badges', auth, async (req, res) => {
    res.json(await userBadges(db, currentUserId(req)));
  });

  router.get('/api/badge-definitions', auth, (_req, res) => {
    const body: BadgeDefinitionsResponse = { definitions: badgeDefinitions(), daily_goal_points: dailyGoalPoints };
    res.json(body);
  });

  return router;
}
