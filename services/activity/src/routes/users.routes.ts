import { Router } from 'express';
import { z } from 'zod';
import { FunnelQuery, SummaryQuery } from '@warriors/contracts';
import { currentUserId, parse, requireAuth, type TokenSigner } from '@warriors/kit';
import type { Reports } from '../use-cases/reports';

const UserPath = z.object({ id: z.string() });

export function usersRoutes(reports: Reports, tokens: TokenSigner): Router {
  const router = Router();
  const auth = requireAuth(tokens);

  router.get('/api/users/:id/summary', auth, async (req, res) => {
    const { window } = parse(SummaryQuery, req.query, 'query');
    res.json(await reports.summary(currentUserId(req), parse(UserPath, req.params, 'path').id, window));
  });

  router.get('/api/users/:id/metrics/funnel', auth, async (req, res) => {
    const { window } = parse(FunnelQuery, req.query, 'query');
    res.json(await reports.funnel(currentUserId(req), parse(UserPath, req.params, 'path').id, window));
  });

  router.get('/api/users/:id/stats', auth, async (req, res) => {
    res.json(await reports.stats(currentUserId(req), parse(UserPath, req.params, 'path').id));
  });

  return router;
}
