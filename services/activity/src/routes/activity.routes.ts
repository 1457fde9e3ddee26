import { Router, type Request } from 'express';
import { ActivityIdParams, BulkActivityBody, IDEMPOTENCY_HEADER, IdempotencyHeaders, LogActivityBody } from '@warriors/contracts';
import { currentUserId, optionalAuth, parse, parsePathId, requireAuth, TooManyRequestsError, type TokenSigner } from '@warriors/kit';
import type { LogKind } from '../domain/velocity';
import { TimezoneQuery } from '@warriors/contracts';
import type { ActivityLog } from '../use-cases/log-activity.use-case';
import { ACTIVITY_NOT_FOUND, type DeleteActivity } from '../use-cases/delete-activity.use-case';
import type { LogVelocity } from '../use-cases/log-velocity';
import type { listRecentActivities } from '../use-cases/list-recent-activities.use-case';

/** The reports these routes answer with, each built in service.ts from its use-case file. */
export interface Reports {
  recent: ReturnType<typeof listRecentActivities>;
}

const tapTime = (loggedAt: string | undefined) => (loggedAt === undefined ? null : new Date(loggedAt));

export function activityRoutes(activityLog: ActivityLog, deletion: DeleteActivity, velocity: LogVelocity, reports: Reports, tokens: TokenSigner): Router {
  const router = Router();
  const auth = requireAuth(tokens);
  const idempotencyKey = (headers: unknown) => parse(IdempotencyHeaders, headers, 'header')[IDEMPOTENCY_HEADER] ?? null;
  /** A valid log request takes its tokens here; too many in a short time is a 429 saying when to retry. */
  const limitVelocity = (req: Request, kind: LogKind) => {
    const refusal = velocity.take(currentUserId(req), kind);
    if (refusal) throw new TooManyRequestsError(refusal.message, refusal.retryAfterSeconds);
  };

  router.post('/api/activity', auth, async (req, res) => {
    const { activity_type, logged_at } = parse(LogActivityBody, req.body);
    const key = idempotencyKey(req.headers);
    limitVelocity(req, 'logs');
    res.status(201).json(await activityLog.log(currentUserId(req), { activity_type, quantity: 1, note: null, idempotency_key: key, logged_at: tapTime(logged_at) }, req.id));
  });

  router.post('/api/activity/bulk', auth, async (req, res) => {
    const { activity_type, quantity, note, logged_at } = parse(BulkActivityBody, req.body);
    const key = idempotencyKey(req.headers);
    limitVelocity(req, 'bulk');
    res.status(201).json(await activityLog.log(currentUserId(req), { activity_type, quantity, note, idempotency_key: key, logged_at: tapTime(logged_at) }, req.id));
  });

  // An entry of the owner's current local day: 204, again for one already deleted; 404 for anyone else's.
  router.delete('/api/activity/:id', auth, async (req, res) => {
    const { id } = parsePathId(ActivityIdParams, req.params, ACTIVITY_NOT_FOUND);
    await deletion(currentUserId(req), id, req.id);
    res.status(204).end();
  });

  // Public (spec point 2); a signed-in caller also learns which entries they gave kudos.
  router.get('/api/recent-activities', optionalAuth(tokens), async (req, res) => {
    const { tz } = parse(TimezoneQuery, req.query, 'query');
    res.json(await reports.recent(tz ?? 'UTC', req.user?.id ?? null));
  });

  return router;
}
