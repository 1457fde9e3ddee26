import { Router } from 'express';
import { UserSearchQuery } from '@warriors/contracts';
import { currentUserId, parse, requireAuth, type TokenSigner } from '@warriors/kit';
import type { Accounts } from '../use-cases/accounts';

export function usersRoutes(accounts: Accounts, tokens: TokenSigner): Router {
  const router = Router();

  router.get('/api/users/search', requireAuth(tokens), async (req, res) => {
    const { q } = parse(UserSearchQuery, req.query, 'query');
    res.json(await accounts.search(currentUserId(req), q));
  });

  return router;
}
