import { Router, type RequestHandler } from 'express';
import {
  CHALLENGE_MESSAGES,
  ChallengeIdParam,
  ChallengeListQuery,
  CreateChallengeBody,
  InviteIdParam,
  NEXT_CURSOR_HEADER,
  OpenChallengesQuery,
  UpdateChallengeBody,
} from '@warriors/contracts';
import { currentUserId, parse, parsePathId } from '@warriors/kit';
import type { ChallengeRateLimiter } from '../use-cases/challenge-rate-limits';
import type { acceptInvite } from '../use-cases/accept-invite.use-case';
import type { createChallenge } from '../use-cases/create-challenge.use-case';
import type { declineInvite } from '../use-cases/decline-invite.use-case';
import type { editChallenge } from '../use-cases/edit-challenge.use-case';
import type { getChallenge } from '../use-cases/get-challenge.use-case';
import type { getLeaderboard } from '../use-cases/get-leaderboard.use-case';
import type { getPublicChallenge } from '../use-cases/get-public-challenge.use-case';
import type { joinChallenge } from '../use-cases/join-challenge.use-case';
import type { leaveChallenge } from '../use-cases/leave-challenge.use-case';
import type { listInvites } from '../use-cases/list-invites.use-case';
import type { listMyChallenges } from '../use-cases/list-my-challenges.use-case';
import type { listOpenChallenges } from '../use-cases/list-open-challenges.use-case';
import type { removeChallenge } from '../use-cases/remove-challenge.use-case';

/** The challenge operations, each built in service.ts from its use-case file. */
export interface Challenges {
  create: ReturnType<typeof createChallenge>;
  get: ReturnType<typeof getChallenge>;
  getPublic: ReturnType<typeof getPublicChallenge>;
  listOpen: ReturnType<typeof listOpenChallenges>;
  listMine: ReturnType<typeof listMyChallenges>;
  update: ReturnType<typeof editChallenge>;
  join: ReturnType<typeof joinChallenge>;
  leave: ReturnType<typeof leaveChallenge>;
  remove: ReturnType<typeof removeChallenge>;
  leaderboardPage: ReturnType<typeof getLeaderboard>;
  invites: ReturnType<typeof listInvites>;
  acceptInvite: ReturnType<typeof acceptInvite>;
  declineInvite: ReturnType<typeof declineInvite>;
}

/**
 * A malformed challenge or invite id is a 404 with the not-found text, like an id the caller may not
 * see: a validation error would tell the two apart. Every route but the public invitation needs the signed-in user (`auth`, the service's
 * requireAuth, also refuses deleted accounts); who may see or change a challenge is the use cases'.
 * The board read checks the token only (`tokenAuth`): its membership lookup stands for the deleted
 * check, since a deletion removes the user's memberships in the tombstone's transaction, and a
 * non-member's slow path refuses a deleted account as `auth` does. A valid create, join, accepted
 * invite or leave takes one of the user's tokens (`limits`) before it acts; a refusal is a 429.
 */
export function challengesRoutes(challenges: Challenges, limits: ChallengeRateLimiter, auth: RequestHandler, tokenAuth: RequestHandler): Router {
  const router = Router();
  const challengeId = (params: unknown): number => parsePathId(ChallengeIdParam, params, CHALLENGE_MESSAGES.notFound).id;
  const inviteId = (params: unknown): string => parsePathId(InviteIdParam, params, CHALLENGE_MESSAGES.inviteNotFound).id;

  router.get('/api/challenges/public/:id', async (req, res) => {
    const id = challengeId(req.params);
    res.json(await challenges.getPublic(id));
  });

  router.get('/api/challenges/open', auth, async (req, res) => {
    const { after, limit } = parse(OpenChallengesQuery, req.query, 'query');
    const page = await challenges.listOpen(currentUserId(req), { after, limit });
    // The body stays the spec's array; where the next page starts travels beside it.
    if (page.next) res.setHeader(NEXT_CURSOR_HEADER, page.next);
    res.json(page.challenges);
  });

  router.get('/api/challenges/my', auth, async (req, res) => {
    const { window } = parse(ChallengeListQuery, req.query, 'query');
    res.json(await challenges.listMine(currentUserId(req), window));
  });

  router.post('/api/challenges', auth, async (req, res) => {
    const userId = currentUserId(req);
    const body = parse(CreateChallengeBody, req.body ?? {});
    limits.take(userId, 'creates');
    res.status(201).json(await challenges.create(userId, body));
  });

  router.get('/api/challenges/:id', auth, async (req, res) => {
    const userId = currentUserId(req);
    const id = challengeId(req.params);
    res.json(await challenges.get(userId, id));
  });

  router.get('/api/challenges/:id/leaderboard', tokenAuth, async (req, res) => {
    const userId = currentUserId(req);
    const id = challengeId(req.params);
    // The page's JSON is serialized once per cached page, not per read.
    res.type('application/json').send((await challenges.leaderboardPage(userId, id)).json);
  });

  router.post('/api/challenges/:id/update', auth, async (req, res) => {
    const userId = currentUserId(req);
    const id = challengeId(req.params);
    const body = parse(UpdateChallengeBody, req.body ?? {});
    res.json(await challenges.update(userId, id, body));
  });

  router.post('/api/challenges/:id/join', auth, async (req, res) => {
    const userId = currentUserId(req);
    const id = challengeId(req.params);
    limits.take(userId, 'memberships');
    res.json(await challenges.join(userId, id));
  });

  router.post('/api/challenges/:id/leave', auth, async (req, res) => {
    const userId = currentUserId(req);
    const id = challengeId(req.params);
    limits.take(userId, 'memberships');
    res.json(await challenges.leave(userId, id));
  });

  router.delete('/api/challenges/:id', auth, async (req, res) => {
    const userId = currentUserId(req);
    const id = challengeId(req.params);
    res.json(await challenges.remove(userId, id));
  });

  router.get('/api/challenge-invites', auth, async (req, res) => {
    res.json(await challenges.invites(currentUserId(req)));
  });

  router.post('/api/challenge-invites/:id/accept', auth, async (req, res) => {
    const userId = currentUserId(req);
    const id = inviteId(req.params);
    limits.take(userId, 'memberships');
    res.json(await challenges.acceptInvite(userId, id));
  });

  router.post('/api/challenge-invites/:id/decline', auth, async (req, res) => {
    const userId = currentUserId(req);
    const id = inviteId(req.params);
    res.json(await challenges.declineInvite(userId, id));
  });

  return router;
}
