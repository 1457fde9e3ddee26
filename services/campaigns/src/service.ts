import path from 'node:path';
import type { Kysely } from 'kysely';
import { BUS_QUESTIONS, isUserId } from '@warriors/contracts';
import { answerQuestion, createApp, createOutbox, migrate, recordDeadLetter, requireAuth, type Service, type ServicePorts, type Subscription } from '@warriors/kit';
import { consumeActivityLogged } from './events/activity-logged.consumer';
import { consumeUserEvents } from './events/user-events.consumer';
import { campaignsRoutes } from './routes/campaigns.routes';
import { SCHEMA, type CampaignsDatabase } from './store/schema';
import { isDeleted, projectedUsers } from './store/users.store';
import { createCampaigns } from './use-cases/manage-campaigns';

/** src/ under jest and tsx, dist/ once built: both sit one level below the package root. */
const MIGRATIONS_DIR = path.resolve(__dirname, '..', 'migrations');

export function createCampaignsService(ports: ServicePorts): Service {
  const { bus, clock, logger, tokens } = ports;
  const db = ports.database.db as Kysely<CampaignsDatabase>;
  const outbox = createOutbox({ database: ports.database, schema: SCHEMA, bus, logger });
  ports.metrics.watchOutbox(() => outbox.counts());
  const campaigns = createCampaigns({ db, outbox, clock });
  const app = createApp({
    metrics: ports.metrics,
    logger,
    corsOrigins: ports.corsOrigins,
    readiness: [{ name: 'database', check: () => ports.database.ping() }],
    routes: [campaignsRoutes(campaigns, requireAuth(tokens, { isDeleted: (userId) => isDeleted(db, userId) }))],
  });
  let subscriptions: Subscription[] = [];

  return {
    name: 'campaigns',
    app,
    async start() {
      await migrate(ports.database, SCHEMA, MIGRATIONS_DIR, { shared: projectedUsers.migrations });
      // The outbox table lives in the schema the migrations create.
      await outbox.start();
      bus.onDeadLetter((letter) => recordDeadLetter(db, SCHEMA, letter, clock.now()));
      subscriptions = await Promise.all([
        consumeActivityLogged({ db, bus, clock, outbox }),
        consumeUserEvents(db, bus, clock, projectedUsers),
        answerQuestion(bus, BUS_QUESTIONS.activeGoals, async (request) => {
          // A text that is no user id has no goals: it never reaches SQL.
          return isUserId(request.user_id) ? (await campaigns.list(request.user_id)).active : [];
        }),
      ]);
    },
    async stop() {
      await Promise.all(subscriptions.map((s) => s.stop()));
      subscriptions = [];
      await outbox.stop();
    },
  };
}
