import { exportRoutes } from './routes/export.routes';
import { exportGoals } from './use-cases/export-goals.use-case';
import path from 'node:path';
import type { Kysely } from 'kysely';
import {
  consumeUserEvents,
  createApp,
  createOutbox,
  DELETED_ENTRIES_MIGRATION,
  migrate,
  recordDeadLetter,
  requireAuth,
  type Service,
  type ServicePorts,
  type Subscription,
} from '@warriors/kit';
import { consumeActivityDeleted } from './events/activity-deleted.consumer';
import { consumeActivityLogged } from './events/activity-logged.consumer';
import { USERS_DURABLE, userEventHooks } from './events/user-events.consumer';
import { answerCampaignsQuestions } from './routes/campaigns.replies';
import { campaignsRoutes } from './routes/campaigns.routes';
import { SCHEMA, type CampaignsDatabase } from './store/schema';
import { projectedUsers } from './store/users.store';
import { createCampaign } from './use-cases/create-campaign.use-case';
import { deleteCampaign } from './use-cases/delete-campaign.use-case';
import { joinCampaign } from './use-cases/join-campaign.use-case';
import { leaveGoal } from './use-cases/leave-goal.use-case';
import { listCompletedGoals } from './use-cases/list-completed-goals.use-case';
import { listActiveGoals } from './use-cases/list-active-goals.use-case';
import { listCampaigns } from './use-cases/list-campaigns.use-case';
import { updateCampaign } from './use-cases/update-campaign.use-case';

/** src/ under jest and tsx, dist/ once built: both sit one level below the package root. */
const MIGRATIONS_DIR = path.resolve(__dirname, '..', 'migrations');

export function createCampaignsService(ports: ServicePorts): Service {
  const { bus, clock, logger, tokens } = ports;
  const db = ports.database.db as Kysely<CampaignsDatabase>;
  const outbox = createOutbox({ database: ports.database, schema: SCHEMA, bus, logger });
  ports.metrics.watchOutbox(() => outbox.counts());
  const deps = { db, outbox, clock, bus };
  const campaigns = {
    list: listCampaigns(deps),
    create: createCampaign(deps),
    join: joinCampaign(deps),
    update: updateCampaign(deps),
    deleteOrLeave: deleteCampaign(deps),
    leaveGoal: leaveGoal(deps),
  };
  const auth = requireAuth(tokens, { isRevoked: (user) => projectedUsers.refusesToken(db, user) });
  const app = createApp({
    metrics: ports.metrics,
    logger,
    corsOrigins: ports.corsOrigins,
    readiness: [{ name: 'database', check: () => ports.database.ping() }],
    routes: [campaignsRoutes(campaigns, auth), exportRoutes(exportGoals({ db }), auth, logger)],
  });
  let subscriptions: Subscription[] = [];

  return {
    name: 'campaigns',
    app,
    async start() {
      await migrate(ports.database, SCHEMA, MIGRATIONS_DIR, { shared: [...projectedUsers.migrations, DELETED_ENTRIES_MIGRATION] });
      // The outbox table lives in the schema the migrations create.
      await outbox.start();
      bus.onDeadLetter((letter) => recordDeadLetter(db, SCHEMA, letter, clock.now()));
      subscriptions = (
        await Promise.all([
          consumeActivityLogged({ db, bus, clock, outbox }),
          consumeActivityDeleted({ db, bus, clock, outbox }),
          consumeUserEvents(bus, USERS_DURABLE, { db, clock, users: projectedUsers, hooks: userEventHooks }),
          answerCampaignsQuestions(bus, { activeGoals: listActiveGoals(deps), completedGoals: listCompletedGoals(deps) }),
        ])
      ).flat();
    },
    async stop() {
      await Promise.all(subscriptions.map((s) => s.stop()));
      subscriptions = [];
      await outbox.stop();
    },
  };
}
