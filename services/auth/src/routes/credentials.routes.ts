import { Router, type RequestHandler } from 'express';
import { ChangeEmailBody, ChangePasswordBody, ForgotPasswordBody, ResetPasswordBody, VerifyEmailBody } from '@warriors/contracts';
import { currentUserId, parse } from '@warriors/kit';
import type { changeEmail } from '../use-cases/change-email.use-case';
import type { changePassword } from '../use-cases/change-password.use-case';
import type { requestPasswordReset } from '../use-cases/request-password-reset.use-case';
import type { resendVerification } from '../use-cases/resend-verification.use-case';
import type { resetPassword } from '../use-cases/reset-password.use-case';
import type { revokeAllSessions } from '../use-cases/revoke-sessions.use-case';
import type { verifyEmail } from '../use-cases/verify-email.use-case';

/** The operations of the account mails' links and of Settings' email, password and sessions. */
export interface Credentials {
  forgot: ReturnType<typeof requestPasswordReset>;
  reset: ReturnType<typeof resetPassword>;
  verify: ReturnType<typeof verifyEmail>;
  resend: ReturnType<typeof resendVerification>;
  changeEmail: ReturnType<typeof changeEmail>;
  changePassword: ReturnType<typeof changePassword>;
  revoke: ReturnType<typeof revokeAllSessions>;
}

/** The links' routes need no sign-in (the token is the proof); Settings' do. `auth` is the service's requireAuth. */
export function credentialsRoutes(credentials: Credentials, auth: RequestHandler): Router {
  const router = Router();

  router.post('/api/password/forgot', async (req, res) => {
    const { email } = parse(ForgotPasswordBody, req.body);
    res.status(202).json(await credentials.forgot(email, req.id));
  });

  router.post('/api/password/reset', async (req, res) => {
    const { token, password } = parse(ResetPasswordBody, req.body);
    res.json(await credentials.reset(token, password, req.id));
  });

  router.post('/api/email/verify', async (req, res) => {
    const { token } = parse(VerifyEmailBody, req.body);
    res.json(await credentials.verify(token, req.id));
  });

  router.post('/api/email/verify/resend', auth, async (req, res) => {
    res.status(202).json(await credentials.resend(currentUserId(req), req.id));
  });

  router.put('/api/settings/email', auth, async (req, res) => {
    const { email, password } = parse(ChangeEmailBody, req.body);
    res.json(await credentials.changeEmail(currentUserId(req), email, password, req.id));
  });

  router.put('/api/settings/password', auth, async (req, res) => {
    const { current_password, new_password } = parse(ChangePasswordBody, req.body);
    res.json(await credentials.changePassword(currentUserId(req), current_password, new_password, req.id));
  });

  router.post('/api/sessions/revoke', auth, async (req, res) => {
    res.json(await credentials.revoke(currentUserId(req), req.id));
  });

  return router;
}
