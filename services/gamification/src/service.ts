import path from 'node:path';
import type { Kysely } from 'kysely';
import { DEFAULT_DAILY_GOAL_POINTS } from '@warriors/contracts';
import {
  consumeUserEvents,
  createApp,
  createOutbox,
  migrate,
  recordDeadLetter,
  keepServiceBoards,
  requireAuth,
  type LeaderboardPorts,
  type Service,
  type ServicePorts,
  type Subscription,
} from '@warriors/kit';
import { consumeActivityLogged } from './events/activity-logged.consumer';
import { consumeActivityDeleted } from './events/activity-deleted.consumer';
import { listenForBoardChanges } from './events/boards-changed.listener';
import { consumeCampaignCompleted } from './events/campaign-completed.consumer';
import { consumeCampaignReopened } from './events/campaign-reopened.consumer';
import { USERS_DURABLE } from './events/user-events.consumer';
import { userProjectionHooks } from './use-cases/user-projection';
import { badgesRoutes } from './routes/badges.routes';
import { answerGamificationQuestions } from './routes/gamification.replies';
import { exportRoutes } from './routes/export.routes';
import { heldRoutes } from './routes/held.routes';
import { recapRoutes } from './routes/recap.routes';
import { leaderboardRoutes } from './routes/leaderboard.routes';
import { SCHEMA, type GamificationDatabase } from './store/schema';
import { projectedUsers } from './store/users.store';
import { createHeldActivities } from './use-cases/held-activities';
import { createLeaderboards } from './use-cases/leaderboards';
import { rebuildLeaderboards } from './use-cases/rebuild-leaderboards';
import { createUserDirectory } from './use-cases/user-directory';
import { getBadgeProgress } from './use-cases/get-badge-progress.use-case';
import { getPublicStats } from './use-cases/get-public-stats.use-case';
import { getRanks } from './use-cases/get-ranks.use-case';
import { getStanding } from './use-cases/get-standing.use-case';
import { getUserStats } from './use-cases/get-user-stats.use-case';
import { listUserBadges } from './use-cases/list-user-badges.use-case';
import { getWeeklyRecap } from './use-cases/get-weekly-recap.use-case';
import { listRecapNotices } from './use-cases/list-recap-notices.use-case';
import { readRecapNotice } from './use-cases/read-recap-notice.use-case';
import { exportBadges } from './use-cases/export-badges.use-case';
import { exportPointsLedger } from './use-cases/export-points-ledger.use-case';
import { listHeldEntries } from './use-cases/list-held-entries.use-case';

/** src/ under jest and tsx, dist/ once built: both sit one level below the package root. */
const MIGRATIONS_DIR = path.resolve(__dirname, '..', 'migrations');

export type GamificationPorts = ServicePorts &
  LeaderboardPorts & {
    /** Points that make a day's goal: daily_victory measures against it. */
    dailyGoalPoints?: number;
  };

export function createGamificationService(ports: GamificationPorts): Service {
  const { bus, clock, logger, tokens, leaderboard: store } = ports;
  const db = ports.database.db as Kysely<GamificationDatabase>;
  const dailyGoalPoints = ports.dailyGoalPoints ?? DEFAULT_DAILY_GOAL_POINTS;
  const outbox = createOutbox({ database: ports.database, schema: SCHEMA, bus, logger });
  ports.metrics.watchOutbox(() => outbox.counts());
  const directory = createUserDirectory(db);
  const leaderboards = createLeaderboards({ store, directory, bus, clock });
  const auth = requireAuth(tokens, { isRevoked: (user) => projectedUsers.refusesToken(db, user) });
  // The boards come back from the points ledger.
  const boards = keepServiceBoards(ports, () => rebuildLeaderboards(db, store, clock.now()));
  // One for the page and the mail service's question: both read the same cached week boards.
  const weeklyRecap = getWeeklyRecap({ db, bus, clock, directory });
  const app = createApp({
    metrics: ports.metrics,
    logger,
    corsOrigins: ports.corsOrigins,
    readiness: [{ name: 'database', check: () => ports.database.ping() }, boards.readiness],
    routes: [
      badgesRoutes({ list: listUserBadges({ db }), progress: getBadgeProgress({ db, clock, dailyGoalPoints }) }, auth, dailyGoalPoints),
      leaderboardRoutes({ leaderboards, directory, tokens, auth, clock }),
      heldRoutes(createHeldActivities({ db, outbox, leaderboards }), auth, clock),
      recapRoutes({ weekly: weeklyRecap, notices: listRecapNotices({ db, clock }), readNotice: readRecapNotice({ db, clock }) }, auth),
      exportRoutes({ pointsLedger: exportPointsLedger({ db }), badges: exportBadges({ db }) }, auth, logger),
    ],
  });
  let subscriptions: Subscription[] = [];

  return {
    name: 'gamification',
    app,
    async start() {
      await migrate(ports.database, SCHEMA, MIGRATIONS_DIR, { shared: projectedUsers.migrations });
      await outbox.start();
      await boards.start();
      bus.onDeadLetter((letter) => recordDeadLetter(db, SCHEMA, letter, clock.now()));
      subscriptions = (
        await Promise.all([
          listenForBoardChanges({ bus, leaderboards, logger }),
          consumeActivityLogged({ db, bus, clock, outbox, leaderboards, dailyGoalPoints }),
          consumeActivityDeleted({ db, bus, clock, outbox, leaderboards, dailyGoalPoints }),
          consumeUserEvents(bus, USERS_DURABLE, { db, clock, users: projectedUsers, hooks: userProjectionHooks({ clock, store, leaderboards }) }),
          consumeCampaignCompleted({ db, bus, clock, outbox, leaderboards, logger }),
          consumeCampaignReopened({ db, bus, clock, outbox, leaderboards, logger }),
          answerGamificationQuestions(bus, {
            ranks: getRanks({ leaderboards, clock }),
            publicStats: getPublicStats({ db, leaderboards, clock, dailyGoalPoints }),
            standing: getStanding({ leaderboards, clock, dailyGoalPoints }),
            userStats: getUserStats({ db, clock, dailyGoalPoints }),
            heldEntries: listHeldEntries({ db }),
            weeklyRecap,
          }),
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
