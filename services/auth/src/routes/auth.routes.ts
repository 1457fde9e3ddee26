import { Router, type RequestHandler } from 'express';
import { LoginBody, SignupBody } from '@warriors/contracts';
import { currentUserId, parse } from '@warriors/kit';
import type { getCurrentUser } from '../use-cases/get-current-user.use-case';
import type { logInUser } from '../use-cases/log-in-user.use-case';
import type { signUpUser } from '../use-cases/sign-up-user.use-case';

/** The account operations these routes answer with, each built in service.ts from its use-case file. */
export interface Accounts {
  signup: ReturnType<typeof signUpUser>;
  login: ReturnType<typeof logInUser>;
  me: ReturnType<typeof getCurrentUser>;
}

export function authRoutes(accounts: Accounts, auth: RequestHandler): Router {
  const router = Router();

  router.post('/api/signup', async (req, res) => {
    const body = parse(SignupBody, req.body);
    res.status(201).json(await accounts.signup(body, req.id));
  });

  router.post('/api/login', async (req, res) => {
    const { email, password } = parse(LoginBody, req.body);
    res.json(await accounts.login(email, password));
  });

  router.get('/api/me', auth, async (req, res) => {
    res.json(await accounts.me(currentUserId(req)));
  });

  return router;
}
