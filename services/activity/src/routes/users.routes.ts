import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { FunnelQuery, SummaryQuery } from '@warriors/contracts';
import { currentUserId, parse } from '@warriors/kit';
import type { getUserFunnel } from '../use-cases/get-user-funnel.use-case';
import type { getUserStats } from '../use-cases/get-user-stats.use-case';
import type { getUserSummary } from '../use-cases/get-user-summary.use-case';

/** The reports these routes answer with, each built in service.ts from its use-case file. */
export interface Reports {
  summary: ReturnType<typeof getUserSummary>;
  funnel: ReturnType<typeof getUserFunnel>;
  stats: ReturnType<typeof getUserStats>;
}

const UserPath = z.object({ id: z.string() });

/**
 * The per-user reports. `auth` refuses deleted accounts too (the service's requireAuth with its
 * projection's tombstones), as every other service's reads do; the log routes keep the token check
 * alone, their hot path paying no lookup (a deleted user's log fails on the activity's foreign key).
 */
export function usersRoutes(reports: Reports, auth: RequestHandler): Router {
  const router = Router();

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
