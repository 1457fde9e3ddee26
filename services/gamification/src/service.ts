import path from 'node:path';
import type { Kysely } from 'kysely';
import { DEFAULT_DAILY_GOAL_POINTS, RANKS_REQUEST, RanksRequest, USER_STATS_REQUEST, UserStatsRequest } from '@warriors/contracts';
import { createApp, createOutbox, migrate, type Service, type ServicePorts, type Subscription } from '@warriors/kit';
import { localDate } from '@warriors/contracts';
import { consumeActivityLogged } from './events/activity-logged.consumer';
import { consumeCampaignCompleted } from './events/campaign-completed.consumer';
import { consumeUserEvents } from './events/user-events.consumer';
import type { LeaderboardStore } from './leaderboard';
import { badgesRoutes } from './routes/badges.routes';
import { leaderboardRoutes } from './routes/leaderboard.routes';
import { recordDeadLetter } from './store/inbox.store';
import { SCHEMA, type GamificationDatabase } from './store/schema';
import { createLeaderboards } from './use-cases/leaderboards';
import { rebuildLeaderboards } from './use-cases/rebuild-leaderboards';
import { createUserDirectory } from './use-cases/user-directory';
import { userStats } from './use-cases/user-stats';

/** src/ under jest and tsx, dist/ once built: both sit one level below the package root. */
const MIGRATIONS_DIR = path.resolve(__dirname, '..', 'migrations');

export type GamificationPorts = ServicePorts & {
  leaderboard: LeaderboardStore;
  /** Points that make a day's goal: daily_victory measures against it. */
  dailyGoalPoints?: number;
  /** The embedded mode's in-process store starts empty: fill it from the ledger at start. */
  rebuildOnStart?: boolean;
};

export function createGamificationService(ports: GamificationPorts): Service {
  const { bus, clock, logger, tokens, leaderboard: store } = ports;
  const db = ports.database.db as Kysely<GamificationDatabase>;
  const dailyGoalPoints = ports.dailyGoalPoints ?? DEFAULT_DAILY_GOAL_POINTS;
  const outbox = createOutbox({ database: ports.database, schema: SCHEMA, bus, logger });
  const directory = createUserDirectory(db);
  const leaderboards = createLeaderboards(store, directory);
  const app = createApp({
    logger,
    corsOrigins: ports.corsOrigins,
    readiness: [
      { name: 'database', check: () => ports.database.ping() },
      { name: 'leaderboard', check: () => store.isReady() },
    ],
    routes: [badgesRoutes(db, tokens, dailyGoalPoints), leaderboardRoutes({ leaderboards, directory, tokens, clock })],
  });
  let subscriptions: Subscription[] = [];

  return {
    name: 'gamification',
    app,
    async start() {
      await migrate(ports.database, SCHEMA, MIGRATIONS_DIR);
      await outbox.start();
      if (ports.rebuildOnStart) await rebuildLeaderboards(db, store, clock.now());
      bus.onDeadLetter((letter) => recordDeadLetter(db, letter, clock.now()));
      subscriptions = await Promise.all([
        consumeActivityLogged({ db, bus, clock, logger, outbox, store, leaderboards, dailyGoalPoints }),
        consumeUserEvents({ db, bus, clock, store, leaderboards }),
        consumeCampaignCompleted({ db, bus, clock, logger, store, leaderboards }),
        bus.reply(RANKS_REQUEST, async (payload) => {
          const request = RanksRequest.parse(payload);
          return leaderboards.ranks(request.user_ids, request.window, localDate(clock.now(), request.timezone));
        }),
        bus.reply(USER_STATS_REQUEST, async (payload) => userStats(db, UserStatsRequest.parse(payload).user_id, clock.now())),
      ]);
    },
    async stop() {
      await Promise.all(subscriptions.map((s) => s.stop()));
      subscriptions = [];
      await outbox.stop();
    },
  };
}
