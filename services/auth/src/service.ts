import { exportRoutes } from './routes/export.routes';
import { exportProfile } from './use-cases/export-profile.use-case';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { BUS_QUESTIONS } from '@warriors/contracts';
import { createApp, createOutbox, migrate, requireAuth, type Service, type ServicePorts, type Subscription } from '@warriors/kit';
import { NO_STATS, type UserStats } from './domain/user';
import { createPasswords } from './passwords';
import { answerAuthQuestions } from './routes/auth.replies';
import { authRoutes } from './routes/auth.routes';
import { PROFILE_PICTURE_PATH, settingsRoutes } from './routes/settings.routes';
import { usersRoutes } from './routes/users.routes';
import { credentialsRoutes } from './routes/credentials.routes';
import { refusesToken } from './store/users.store';
import { changeEmail } from './use-cases/change-email.use-case';
import { changePassword } from './use-cases/change-password.use-case';
import { requestPasswordReset } from './use-cases/request-password-reset.use-case';
import { resendVerification } from './use-cases/resend-verification.use-case';
import { resetPassword } from './use-cases/reset-password.use-case';
import { revokeAllSessions } from './use-cases/revoke-sessions.use-case';
import { verifyEmail } from './use-cases/verify-email.use-case';
import { SCHEMA, type AuthDatabase } from './store/users.store';
import type { AccountsDeps } from './use-cases/account-access';
import { announceMovedPictures } from './use-cases/announce-moved-pictures.use-case';
import { deleteAccount } from './use-cases/delete-account.use-case';
import { findAccountsByEmail } from './use-cases/find-accounts-by-email.use-case';
import { getCurrentUser } from './use-cases/get-current-user.use-case';
import { getProfileFields } from './use-cases/get-profile-fields.use-case';
import { getProfilePicture } from './use-cases/get-profile-picture.use-case';
import { getUserProjection } from './use-cases/get-user-projection.use-case';
import { logInUser } from './use-cases/log-in-user.use-case';
import { lookUpUsers } from './use-cases/look-up-users.use-case';
import { setProfilePicture } from './use-cases/set-profile-picture.use-case';
import { signUpUser } from './use-cases/sign-up-user.use-case';
import { updateAccount } from './use-cases/update-account.use-case';

/** src/ under ts-jest and tsx, dist/ once built: both sit one level below the package root. */
const MIGRATIONS_DIR = path.resolve(__dirname, '..', 'migrations');

/** /me waits this long for gamification's streak and badges, then answers without them. */
const STATS_WAIT_MS = 250;

/** A 5 MB picture grows by a third in base64, plus the JSON around it. */
const PICTURE_BODY_LIMIT = '7mb';

export function createAuthService(ports: ServicePorts): Service {
  const outbox = createOutbox({ database: ports.database, schema: SCHEMA, bus: ports.bus, logger: ports.logger });
  ports.metrics.watchOutbox(() => outbox.counts());
  const db = ports.database.db as Kysely<AuthDatabase>;
  const deps: AccountsDeps = {
    db,
    outbox,
    clock: ports.clock,
    passwords: createPasswords(),
    tokens: ports.tokens,
    stats: async (userId): Promise<UserStats> => {
      try {
        return BUS_QUESTIONS.userStats.reply.parse(await ports.bus.request(BUS_QUESTIONS.userStats.subject, { user_id: userId }, STATS_WAIT_MS));
      } catch {
        return NO_STATS;
      }
    },
  };
  const accounts = {
    signup: signUpUser(deps),
    login: logInUser(deps),
    me: getCurrentUser(deps),
    update: updateAccount(deps),
    setPicture: setProfilePicture(deps),
    deleteAccount: deleteAccount(deps),
    search: lookUpUsers(deps),
    picture: getProfilePicture(deps),
    announceMovedPictures: announceMovedPictures(deps),
  };
  const credentials = {
    forgot: requestPasswordReset(deps),
    reset: resetPassword(deps),
    verify: verifyEmail(deps),
    resend: resendVerification(deps),
    changeEmail: changeEmail(deps),
    changePassword: changePassword(deps),
    revoke: revokeAllSessions(deps),
  };
  // Auth reads its own rows: a deleted account has none, a revoked token is below its credential version.
  const auth = requireAuth(ports.tokens, { isRevoked: (user) => refusesToken(db, user) });
  const app = createApp({
    metrics: ports.metrics,
    logger: ports.logger,
    corsOrigins: ports.corsOrigins,
    readiness: [{ name: 'database', check: () => ports.database.ping() }],
    largeBodyPaths: { [PROFILE_PICTURE_PATH]: PICTURE_BODY_LIMIT },
    routes: [
      authRoutes(accounts, auth),
      settingsRoutes(accounts, auth),
      usersRoutes(accounts, auth),
      exportRoutes(exportProfile(deps), auth),
      credentialsRoutes(credentials, auth),
    ],
  });
  let replies: Subscription[] = [];
  return {
    name: 'auth',
    app,
    async start() {
      await migrate(ports.database, SCHEMA, MIGRATIONS_DIR);
      // The outbox table lives in the schema the migrations create.
      await outbox.start();
      await accounts.announceMovedPictures();
      replies = await answerAuthQuestions(ports.bus, {
        userProjection: getUserProjection(deps),
        profileFields: getProfileFields(deps),
        accountsByEmail: findAccountsByEmail(deps),
      });
    },
    async stop() {
      await Promise.all(replies.map((r) => r.stop()));
      replies = [];
      await outbox.stop();
    },
  };
}
