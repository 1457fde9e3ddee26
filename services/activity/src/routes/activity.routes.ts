import { Router } from 'express';
import { z } from 'zod';
import { BulkActivityBody, LogActivityBody } from '@warriors/contracts';
import { currentUserId, parse, requireAuth, type TokenSigner } from '@warriors/kit';
import { TimezoneQuery } from '@warriors/contracts';
import type { ActivityLog } from '../use-cases/log-activity';
import type { Reports } from '../use-cases/reports';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const IdempotencyHeaders = z.object({
  [IDEMPOTENCY_HEADER]: z.string().min(1, 'Idempotency-Key must be 1 to 200 characters').max(200, 'Idempotency-Key must be 1 to 200 characters').optional(),
});

export function activityRoutes(activityLog: ActivityLog, reports: Reports, tokens: TokenSigner): Router {
  const router = Router();
  const auth = requireAuth(tokens);
  const idempotencyKey = (headers: unknown) => parse(IdempotencyHeaders, headers, 'header')[IDEMPOTENCY_HEADER] ?? null;

  router.post('/api/activity', auth, async (req, res) => {
    const { activity_type } = parse(LogActivityBody, req.body);
    const key = idempotencyKey(req.headers);
    res.status(201).json(await activityLog.log(currentUserId(req), { activity_type, quantity: 1, note: null, idempotency_key: key }, req.id));
  });

  router.post('/api/activity/bulk', auth, async (req, res) => {
    const { activity_type, quantity, note } = parse(BulkActivityBody, req.body);
    const key = idempotencyKey(req.headers);
    res.status(201).json(await activityLog.log(currentUserId(req), { activity_type, quantity, note, idempotency_key: key }, req.id));
  });

  router.get('/api/recent-activities', async (req, res) => {
    const { tz } = parse(TimezoneQuery, req.query, 'query');
    res.json(await reports.recent(tz ?? 'UTC'));
  });

  return router;
}
