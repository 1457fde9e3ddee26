import { exportRoutes } from './routes/export.routes';
import { exportChallenges } from './use-cases/export-challenges.use-case';
import path from 'node:path';
import type { Kysely } from 'kysely';
import {
  consumeUserEvents,
  createApp,
  createOutbox,
  DELETED_ENTRIES_MIGRATION,
  migrate,
  recordDeadLetter,
  keepServiceBoards,
  requireAuth,
  type LeaderboardPorts,
  type Service,
  type ServicePorts,
  type Subscription,
} from '@warriors/kit';
import { consumeActivityDeleted } from './events/activity-deleted.consumer';
import { consumeActivityLogged } from './events/activity-logged.consumer';
import { USERS_DURABLE, userEventHooks } from './events/user-events.consumer';
import { DEFAULT_CHALLENGE_RATE_LIMITS, type ChallengeRateLimits } from './domain/rate-limits';
import { answerChallengesQuestions } from './routes/challenges.replies';
import { challengesRoutes } from './routes/challenges.routes';
import { SCHEMA, type ChallengesDatabase } from './store/schema';
import { projectedUsers } from './store/users.store';
import { createBoardPages } from './use-cases/board-pages';
import { createChallengeRateLimits } from './use-cases/challenge-rate-limits';
import { acceptInvite } from './use-cases/accept-invite.use-case';
import { createChallenge } from './use-cases/create-challenge.use-case';
import { declineInvite } from './use-cases/decline-invite.use-case';
import { editChallenge } from './use-cases/edit-challenge.use-case';
import { getChallenge } from './use-cases/get-challenge.use-case';
import { getLeaderboard } from './use-cases/get-leaderboard.use-case';
import { getPublicChallenge } from './use-cases/get-public-challenge.use-case';
import { joinChallenge } from './use-cases/join-challenge.use-case';
import { leaveChallenge } from './use-cases/leave-challenge.use-case';
import { listInvites } from './use-cases/list-invites.use-case';
import { listMyChallenges } from './use-cases/list-my-challenges.use-case';
import { listOpenChallenges } from './use-cases/list-open-challenges.use-case';
import { listPendingInvites } from './use-cases/list-pending-invites.use-case';
import { removeChallenge } from './use-cases/remove-challenge.use-case';
import { rebuildBoards } from './use-cases/rebuild-boards';

/** src/ under jest and tsx, dist/ once built: both sit one level below the package root. */
const MIGRATIONS_DIR = path.resolve(__dirname, '..', 'migrations');

/** `leaderboard` holds the per-challenge boards (key challenge:<id>). */
export type ChallengesPorts = ServicePorts &
  LeaderboardPorts & {
    /** Each user's creates, joins and leaves (per instance); the defaults without. */
    rateLimits?: ChallengeRateLimits;
  };

/** The migration that re-scored challenges with activity goals on their types (issue 41). */
const GOAL_RANKING_MIGRATION = '0006_goal_ranking.sql';

export function createChallengesService(ports: ChallengesPorts): Service {
  const { bus, clock, logger, tokens, leaderboard: board } = ports;
  const db = ports.database.db as Kysely<ChallengesDatabase>;
  const outbox = createOutbox({ database: ports.database, schema: SCHEMA, bus, logger });
  ports.metrics.watchOutbox(() => outbox.counts());
  const pages = createBoardPages();
  const deps = { db, outbox, bus, clock, logger, board, pages };
  const challenges = {
    create: createChallenge(deps),
    get: getChallenge(deps),
    getPublic: getPublicChallenge(deps),
    listOpen: listOpenChallenges(deps),
    listMine: listMyChallenges(deps),
    update: editChallenge(deps),
    join: joinChallenge(deps),
    leave: leaveChallenge(deps),
    remove: removeChallenge(deps),
    leaderboardPage: getLeaderboard(deps),
    invites: listInvites(deps),
    acceptInvite: acceptInvite(deps),
    declineInvite: declineInvite(deps),
  };
  // The boards come back from the members' points in PostgreSQL; cached pages would be stale after.
  const boards = keepServiceBoards(ports, async () => {
    const rebuilt = await rebuildBoards(db, board, clock.now());
    pages.clear();
    return rebuilt;
  });
  const liveAuth = requireAuth(tokens, { isRevoked: (user) => projectedUsers.refusesToken(db, user) });
  const app = createApp({
    metrics: ports.metrics,
    logger,
    corsOrigins: ports.corsOrigins,
    readiness: [{ name: 'database', check: () => ports.database.ping() }, boards.readiness],
    routes: [
      challengesRoutes(challenges, createChallengeRateLimits(ports.rateLimits ?? DEFAULT_CHALLENGE_RATE_LIMITS, clock), liveAuth, requireAuth(tokens)),
      exportRoutes(exportChallenges({ db }), liveAuth, logger),
    ],
  });
  let subscriptions: Subscription[] = [];

  return {
    name: 'challenges',
    app,
    async start() {
      const applied = await migrate(ports.database, SCHEMA, MIGRATIONS_DIR, { shared: [...projectedUsers.migrations, DELETED_ENTRIES_MIGRATION] });
      await outbox.start();
      await boards.start();
      // The migration re-scored the memberships of challenges with goals: their boards follow once.
      if (applied.includes(GOAL_RANKING_MIGRATION)) {
        await rebuildBoards(db, board, clock.now());
        pages.clear();
      }
      bus.onDeadLetter((letter) => recordDeadLetter(db, SCHEMA, letter, clock.now()));
      subscriptions = (
        await Promise.all([
          consumeActivityLogged({ db, bus, clock, board, logger, pages }),
          consumeActivityDeleted({ db, bus, clock, board, logger, pages }),
          consumeUserEvents(bus, USERS_DURABLE, { db, clock, users: projectedUsers, hooks: userEventHooks({ db, outbox, logger, pages }) }),
          answerChallengesQuestions(bus, { pendingInvites: listPendingInvites(deps) }),
        ])
      ).flat();
    },
    async stop() {
      await boards.stop();
      await Promise.all(subscriptions.map((s) => s.stop()));
      subscriptions = [];
      await outbox.stop();
    },
  };
}
