import { createHash } from 'node:crypto';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { z } from 'zod';
import { currentUserId, optionalAuth, parse, type Clock, type TokenSigner } from '@warriors/kit';
import { brokerDay, LeaderboardWindow, TimezoneQuery, type LeaderboardRow, type LocalDate } from '@warriors/contracts';
import type { Leaderboards } from '../use-cases/leaderboards';
import type { LeaderboardUserDirectory } from '../use-cases/user-directory';

const WindowParams = z.object({ window: LeaderboardWindow });
const StandingQuery = TimezoneQuery.extend({ window: LeaderboardWindow.default('today') });

export interface LeaderboardRouteDeps {
  leaderboards: Leaderboards;
  directory: LeaderboardUserDirectory;
  tokens: TokenSigner;
  /** The service's requireAuth, which also refuses deleted accounts. */
  auth: RequestHandler;
  clock: Clock;
}

export function leaderboardRoutes(deps: LeaderboardRouteDeps): Router {
  const router = Router();
  // A cached top 20 is the same array for every viewer until it is dropped: its bytes and their ETag
  // are made once, not per request (express neither encodes nor hashes a body whose ETag is set).
  const bodies = new WeakMap<LeaderboardRow[], { bytes: Buffer; etag: string }>();
  const sendBoard = (res: Response, rows: LeaderboardRow[]) => {
    let body = bodies.get(rows);
    if (body === undefined) {
      const bytes = Buffer.from(JSON.stringify(rows));
      body = { bytes, etag: `"${createHash('sha1').update(bytes).digest('base64url')}"` };
      bodies.set(rows, body);
    }
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('ETag', body.etag);
    res.send(body.bytes);
  };

  /** "Today" is the viewer's day: a signed-in viewer's own (brokerDay), else in ?tz=, else in UTC. */
  async function viewerDate(req: Request, tz: string | undefined): Promise<LocalDate> {
    const viewer = req.user ? await deps.directory.resolve(req.user.id) : null;
    return brokerDay(deps.clock.now(), viewer ?? { timezone: tz ?? 'UTC' });
  }

  // Before '/:window', which would otherwise take 'me' for a window.
  router.get('/api/leaderboard/me', deps.auth, async (req, res) => {
    const { window, tz } = parse(StandingQuery, req.query, 'query');
    res.json(await deps.leaderboards.standing(currentUserId(req), window, await viewerDate(req, tz)));
  });

  router.get('/api/leaderboard', optionalAuth(deps.tokens), async (req, res) => {
    const { tz } = parse(TimezoneQuery, req.query, 'query');
    sendBoard(res, await deps.leaderboards.top('today', await viewerDate(req, tz)));
  });

  router.get('/api/leaderboard/:window', optionalAuth(deps.tokens), async (req, res) => {
    const { window } = parse(WindowParams, req.params, 'path');
    const { tz } = parse(TimezoneQuery, req.query, 'query');
    sendBoard(res, await deps.leaderboards.top(window, await viewerDate(req, tz)));
  });

  return router;
}
