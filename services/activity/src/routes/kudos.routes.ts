import { Router, type RequestHandler } from 'express';
import { KUDOS_MESSAGES, KudosEntryParams, KudosIdParams } from '@warriors/contracts';
import { currentUserId, parsePathId } from '@warriors/kit';
import type { KudosUseCases } from '../use-cases/kudos.use-case';

/** Kudos on Shots Fired entries and the recipient's kudos in the bell; every route needs the signed-in user. */
export function kudosRoutes(kudos: KudosUseCases, auth: RequestHandler): Router {
  const router = Router();

  router.post('/api/recent-activities/:id/kudos', auth, async (req, res) => {
    const giverId = currentUserId(req);
    // A malformed id names no entry: the same 404 as an unknown one.
    const { id } = parsePathId(KudosEntryParams, req.params, KUDOS_MESSAGES.entryNotFound);
    res.json(await kudos.give(giverId, id));
  });

  router.get('/api/kudos', auth, async (req, res) => {
    res.json(await kudos.inbox(currentUserId(req)));
  });

  router.put('/api/kudos/:id/read', auth, async (req, res) => {
    const userId = currentUserId(req);
    const { id } = parsePathId(KudosIdParams, req.params, KUDOS_MESSAGES.kudosNotFound);
    res.json(await kudos.read(userId, id));
  });

  return router;
}
