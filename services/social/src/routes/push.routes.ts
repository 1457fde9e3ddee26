import { Router, type RequestHandler } from 'express';
import { PushPreferences, PushSubscriptionDelete, pushSubscriptionBody } from '@warriors/contracts';
import { currentUserId, parse } from '@warriors/kit';
import type { Push } from '../use-cases/push';

/** Web Push: the server's key, the caller's devices and their choices. Every route needs the signed-in user. */
export function pushRoutes(push: Push, auth: RequestHandler, options: { allowLoopbackHttp: boolean }): Router {
  const router = Router();
  const SubscriptionBody = pushSubscriptionBody(options.allowLoopbackHttp);

  router.get('/api/push/config', auth, (_req, res) => {
    res.json(push.config());
  });

  router.put('/api/push/subscriptions', auth, async (req, res) => {
    const userId = currentUserId(req);
    const body = parse(SubscriptionBody, req.body ?? {});
    await push.subscribe(userId, body);
    res.status(204).end();
  });

  router.delete('/api/push/subscriptions', auth, async (req, res) => {
    const userId = currentUserId(req);
    const { endpoint } = parse(PushSubscriptionDelete, req.body ?? {});
    await push.unsubscribe(userId, endpoint);
    res.status(204).end();
  });

  router.get('/api/push/preferences', auth, async (req, res) => {
    res.json(await push.preferences(currentUserId(req)));
  });

  router.put('/api/push/preferences', auth, async (req, res) => {
    const userId = currentUserId(req);
    res.json(await push.setPreferences(userId, parse(PushPreferences, req.body ?? {})));
  });

  return router;
}
