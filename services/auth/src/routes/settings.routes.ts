import { Router, type RequestHandler } from 'express';
import type { z } from 'zod';
import { BattlePulseVisibilityQuery, LeaderboardVisibilityQuery, PrivacyQuery, ProfilePictureBody, ProfileUpdateBody } from '@warriors/contracts';
import { currentUserId, parse, ValidationError } from '@warriors/kit';
import { checkProfilePicture } from '../domain/profile-picture';
import type { UserChanges } from '../domain/user';
import type { deleteAccount } from '../use-cases/delete-account.use-case';
import type { setProfilePicture } from '../use-cases/set-profile-picture.use-case';
import type { updateAccount } from '../use-cases/update-account.use-case';

/** The account operations these routes answer with, each built in service.ts from its use-case file. */
export interface Accounts {
  update: ReturnType<typeof updateAccount>;
  setPicture: ReturnType<typeof setProfilePicture>;
  deleteAccount: ReturnType<typeof deleteAccount>;
}

export const PROFILE_PICTURE_PATH = '/api/settings/profile-picture';

type Flag = 'profile_public' | 'show_on_leaderboard' | 'show_in_battle_pulse';

/**
 * The contract turns an absent optional text into null, which would erase it; a partial update
 * keeps only the fields the caller actually sent.
 */
function sentFields<T extends object>(parsed: T, raw: object): Partial<T> {
  return Object.fromEntries(Object.entries(parsed).filter(([key]) => Object.hasOwn(raw, key))) as Partial<T>;
}

export function settingsRoutes(accounts: Accounts, auth: RequestHandler): Router {
  const router = Router();

  router.put('/api/settings/profile', auth, async (req, res) => {
    const body = parse(ProfileUpdateBody, req.body);
    res.json(await accounts.update(currentUserId(req), sentFields(body, req.body as object), { requestId: req.id }));
  });

  const flagRoute = <F extends Flag>(path: string, flag: F, schema: z.ZodType<Record<F, boolean>, Record<F, string>>) =>
    router.put(path, auth, async (req, res) => {
      const query = parse(schema, req.query, 'query');
      const changes: UserChanges = { [flag]: query[flag] };
      res.json(await accounts.update(currentUserId(req), changes, { requestId: req.id }));
    });
  flagRoute('/api/settings/privacy', 'profile_public', PrivacyQuery);
  flagRoute('/api/settings/leaderboard-visibility', 'show_on_leaderboard', LeaderboardVisibilityQuery);
  flagRoute('/api/settings/battle-pulse-visibility', 'show_in_battle_pulse', BattlePulseVisibilityQuery);

  router.put(PROFILE_PICTURE_PATH, auth, async (req, res) => {
    const { profile_picture } = parse(ProfilePictureBody, req.body);
    const picture = checkProfilePicture(profile_picture);
    if (!picture.ok) throw new ValidationError([{ loc: ['body', 'profile_picture'], msg: picture.reason }]);
    res.json(await accounts.setPicture(currentUserId(req), picture.picture, { requestId: req.id }));
  });

  router.delete('/api/user/delete-account', auth, async (req, res) => {
    await accounts.deleteAccount(currentUserId(req), { requestId: req.id });
    res.json({ detail: 'Account deleted' });
  });

  return router;
}
