import { Router, type RequestHandler } from 'express';
import { PictureQuery, profilePictureUrl, UserSearchQuery } from '@warriors/contracts';
import { currentUserId, parse } from '@warriors/kit';
import type { getProfilePicture } from '../use-cases/get-profile-picture.use-case';
import type { lookUpUsers } from '../use-cases/look-up-users.use-case';

/** The account operations these routes answer with, each built in service.ts from its use-case file. */
export interface Accounts {
  search: ReturnType<typeof lookUpUsers>;
  picture: ReturnType<typeof getProfilePicture>;
}

/** A versioned picture URL never changes what it answers, so it may be kept for good. */
const FOREVER = 'public, max-age=31536000, immutable';
/** Served bytes are never a document: no scripts, no plugins, no loads, even if opened on their own. */
const IMAGE_CSP = "default-src 'none'; sandbox";

/**
 * If-None-Match names this ETag (or any, `*`), compared weakly as RFC 9110 asks for it. Not
 * express's req.fresh: that treats a request's `Cache-Control: no-cache` as "never fresh", and
 * browsers send that header on every revalidation after a reload.
 */
function alreadyHas(ifNoneMatch: string | undefined, etag: string): boolean {
  return ifNoneMatch !== undefined && ifNoneMatch.split(',').some((tag) => ['*', etag].includes(tag.trim().replace(/^W\//, '')));
}

export function usersRoutes(accounts: Accounts, auth: RequestHandler): Router {
  const router = Router();

  router.get('/api/users/search', auth, async (req, res) => {
    const { q } = parse(UserSearchQuery, req.query, 'query');
    res.json(await accounts.search(currentUserId(req), q));
  });

  // Public on purpose: an <img> cannot send a bearer token, and a picture is shown wherever the name is.
  router.get('/api/users/:id/picture', async (req, res) => {
    const { v } = parse(PictureQuery, req.query, 'query');
    const picture = await accounts.picture(req.params.id);
    if (v !== String(picture.version)) {
      // An old or missing version: the current one's URL, which is the one that may be cached.
      res.set('Cache-Control', 'no-cache').redirect(302, profilePictureUrl(req.params.id, picture.version));
      return;
    }
    const etag = `"${picture.version}"`;
    res.set({
      'Content-Type': picture.mime,
      'Cache-Control': FOREVER,
      ETag: etag,
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': IMAGE_CSP,
    });
    if (alreadyHas(req.headers['if-none-match'], etag)) {
      res.status(304).end();
      return;
    }
    res.send(picture.bytes);
  });

  return router;
}
