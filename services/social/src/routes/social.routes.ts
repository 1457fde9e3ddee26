import { Router, type RequestHandler } from 'express';
import { BattlePulseQuery, NudgeIdParam, SendNudgeBody, SOCIAL_MESSAGES } from '@warriors/contracts';
import { currentUserId, parse, parsePathId } from '@warriors/kit';
import type { listNudges } from '../use-cases/list-nudges.use-case';
import type { listPulseLines } from '../use-cases/list-pulse-lines.use-case';
import type { readNudge } from '../use-cases/read-nudge.use-case';
import type { sendNudge } from '../use-cases/send-nudge.use-case';
import type { getPublicProfile } from '../use-cases/get-public-profile.use-case';

/** Every route needs the signed-in user (`auth` also refuses deleted accounts) except the public profile (spec point 2). */
export function socialRoutes(
  deps: {
    pulse: { recent: ReturnType<typeof listPulseLines> };
    nudges: { send: ReturnType<typeof sendNudge>; read: ReturnType<typeof readNudge>; inbox: ReturnType<typeof listNudges> };
    publicProfile: ReturnType<typeof getPublicProfile>;
  },
  auth: RequestHandler,
): Router {
  const { pulse, nudges } = deps;
  const router = Router();

  router.get('/api/battle-pulse', auth, async (req, res) => {
    const { limit } = parse(BattlePulseQuery, req.query, 'query');
    res.json(await pulse.recent(limit));
  });

  router.post('/api/nudges', auth, async (req, res) => {
    const userId = currentUserId(req);
    const body = parse(SendNudgeBody, req.body ?? {});
    res.status(201).json(await nudges.send(userId, body));
  });

  router.get('/api/nudges/inbox', auth, async (req, res) => {
    res.json(await nudges.inbox(currentUserId(req)));
  });

  router.put('/api/nudges/:id/read', auth, async (req, res) => {
    const userId = currentUserId(req);
    // A malformed id names no nudge of anyone's: the same 404 as someone else's.
    const { id } = parsePathId(NudgeIdParam, req.params, SOCIAL_MESSAGES.nudgeNotFound);
    res.json(await nudges.read(userId, id));
  });

  router.get('/api/users/:id/public-profile', async (req, res) => {
    res.json(await deps.publicProfile(String(req.params.id)));
  });

  return router;
}
