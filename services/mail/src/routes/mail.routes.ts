import { Router, type RequestHandler } from 'express';
import { MailPreferences, UnsubscribeQuery } from '@warriors/contracts';
import { currentUserId, parse } from '@warriors/kit';
import type { mailPreferences } from '../use-cases/preferences';

/** Settings' mail kinds (signed in), and the unsubscribe link's one-click POST (the signed token is the proof). */
export function mailRoutes(preferences: ReturnType<typeof mailPreferences>, auth: RequestHandler): Router {
  const router = Router();

  router.get('/api/mail/preferences', auth, async (req, res) => {
    res.json(await preferences.read(currentUserId(req)));
  });

  router.put('/api/mail/preferences', auth, async (req, res) => {
    res.json(await preferences.save(currentUserId(req), parse(MailPreferences, req.body)));
  });

  // A mail client's RFC 8058 POST carries the form field List-Unsubscribe=One-Click, the web page's an empty JSON body: only the token counts.
  router.post('/api/mail/unsubscribe', async (req, res) => {
    const { token } = parse(UnsubscribeQuery, req.query, 'query');
    res.json(await preferences.unsubscribe(token));
  });

  return router;
}
