import path from 'node:path';
import type { Kysely } from 'kysely';
import {
  consumeUserEvents,
  createApp,
  createOutbox,
  migrate,
  recordDeadLetter,
  requireAuth,
  type RateLimit,
  type Service,
  type ServicePorts,
  type Subscription,
} from '@warriors/kit';
import { createEffectsListener, type EffectSource } from './events/effects.listener';
import { USERS_DURABLE, userEventHooks } from './events/user-events.consumer';
import { answerActivityQuestions } from './routes/activity.replies';
import { activityRoutes } from './routes/activity.routes';
import { exportRoutes } from './routes/export.routes';
import { kudosRoutes } from './routes/kudos.routes';
import { usersRoutes } from './routes/users.routes';
import { SCHEMA, type ActivityDatabase } from './store/schema';
import { projectedUsers } from './store/users.store';
import { createActivityLog } from './use-cases/log-activity.use-case';
import { deleteActivity } from './use-cases/delete-activity.use-case';
import { createLogVelocity } from './use-cases/log-velocity';
import { DEFAULT_VELOCITY_LIMITS, type VelocityLimits } from './domain/velocity';
import { DEFAULT_KUDOS_LIMIT } from './domain/kudos';
import { createKudos } from './use-cases/kudos.use-case';
import { exportEntries } from './use-cases/export-entries.use-case';
import { countActivitiesByWindow } from './use-cases/count-activities-by-window.use-case';
import { listDayEntries } from './use-cases/list-day-entries.use-case';
import { getOwnFunnel } from './use-cases/get-own-funnel.use-case';
import { getUserFunnel } from './use-cases/get-user-funnel.use-case';
import { getUserStats } from './use-cases/get-user-stats.use-case';
import { getUserSummary } from './use-cases/get-user-summary.use-case';
import { listRecentActivities } from './use-cases/list-recent-activities.use-case';
import { createUserDirectory } from './use-cases/user-directory';

/** src/ under jest and tsx, dist/ once built: both sit one level below the package root. */
const MIGRATIONS_DIR = path.resolve(__dirname, '..', 'migrations');

/** Long enough for a healthy consumer on the same network to answer, short enough that a log never feels slow. */
export const DEFAULT_EFFECTS_WAIT_MS = 300;

export interface ActivityServiceOptions {
  /** How long a log waits for its effects before answering without the missing ones. */
  effectsWaitMs?: number;
  /** The services whose effects a log waits for (the product passes the registry's answersLogEffects services; tests pick their own). */
  effectSources?: readonly EffectSource[];
  /** How many log requests one user may make in a short time (DEFAULT_VELOCITY_LIMITS unless set). */
  velocityLimits?: VelocityLimits;
  /** How many kudos requests one user may make in a short time (DEFAULT_KUDOS_LIMIT unless set). */
  kudosLimit?: RateLimit;
}

export function createActivityService(ports: ServicePorts & ActivityServiceOptions): Service {
  const db = ports.database.db as Kysely<ActivityDatabase>;
  const outbox = createOutbox({ database: ports.database, schema: SCHEMA, bus: ports.bus, logger: ports.logger });
  ports.metrics.watchOutbox(() => outbox.counts());
  const users = createUserDirectory({ db, bus: ports.bus });
  const effects = createEffectsListener(ports.bus, ports.effectSources ?? ['gamification']);
  const activityLog = createActivityLog({
    db,
    outbox,
    clock: ports.clock,
    users,
    effects,
    effectsWaitMs: ports.effectsWaitMs ?? DEFAULT_EFFECTS_WAIT_MS,
  });
  const reportDeps = { db, bus: ports.bus, clock: ports.clock, users };
  const reports = {
    summary: getUserSummary(reportDeps),
    funnel: getUserFunnel(reportDeps),
    ownFunnel: getOwnFunnel(reportDeps),
    stats: getUserStats(reportDeps),
    recent: listRecentActivities(reportDeps),
    countsByWindow: countActivitiesByWindow(reportDeps),
    dayEntries: listDayEntries(reportDeps),
  };
  const readAuth = requireAuth(ports.tokens, { isRevoked: (user) => projectedUsers.refusesToken(db, user) });
  const app = createApp({
    metrics: ports.metrics,
    logger: ports.logger,
    corsOrigins: ports.corsOrigins,
    readiness: [{ name: 'database', check: () => ports.database.ping() }],
    routes: [
      activityRoutes(
        activityLog,
        deleteActivity({ db, outbox, clock: ports.clock, users }),
        createLogVelocity(ports.velocityLimits ?? DEFAULT_VELOCITY_LIMITS, ports.clock),
        reports,
        ports.tokens,
      ),
      usersRoutes(reports, readAuth),
      exportRoutes(exportEntries(reportDeps), readAuth, ports.logger),
      kudosRoutes(createKudos({ db, clock: ports.clock, users, outbox, limit: ports.kudosLimit ?? DEFAULT_KUDOS_LIMIT }), readAuth),
    ],
  });
  let subscriptions: Subscription[] = [];
  return {
    name: 'activity',
    app,
    async start() {
      await migrate(ports.database, SCHEMA, MIGRATIONS_DIR, { shared: projectedUsers.migrations });
      // The outbox table lives in the schema the migrations create.
      // Listening before the routes can log anything, so no log's effects arrive unheard.
      await effects.start();
      await outbox.start();
      ports.bus.onDeadLetter((letter) => recordDeadLetter(db, SCHEMA, letter, ports.clock.now()));
      subscriptions = (
        await Promise.all([
          consumeUserEvents(ports.bus, USERS_DURABLE, { db, clock: ports.clock, users: projectedUsers, hooks: userEventHooks(users) }),
          answerActivityQuestions(ports.bus, reports),
        ])
      ).flat();
    },
    async stop() {
      await Promise.all(subscriptions.map((s) => s.stop()));
      subscriptions = [];
      await outbox.stop();
      await effects.stop();
    },
  };
}
