import path from 'node:path';
import type { Kysely } from 'kysely';
import { consumeUserEvents, createApp, createOutbox, migrate, recordDeadLetter, requireAuth, type Service, type ServicePorts, type Subscription } from '@warriors/kit';
import { USERS_DURABLE, userEventHooks } from './events/user-events.consumer';
import { coachingRoutes } from './routes/coaching.routes';
import { SCHEMA, type CoachingDatabase } from './store/schema';
import { projectedUsers } from './store/users.store';
import { createCoach } from './use-cases/coach';
import { createCoachModel, DEFAULT_MODEL, DEFAULT_MODEL_TIMEOUT_MS, type ModelSettings } from './use-cases/coach-model';
import { createCoachingRequestLimit, DEFAULT_COACHING_REQUESTS_PER_MINUTE } from './use-cases/request-limit';

/** src/ under jest and tsx, dist/ once built: both sit one level below the package root. */
const MIGRATIONS_DIR = path.resolve(__dirname, '..', 'migrations');

export type CoachingPorts = ServicePorts & {
  /** The model server (OPENAI_* variables) and the per-user request limit; without an API key the routes answer 503. */
  model?: Partial<ModelSettings>;
};

export function createCoachingService(ports: CoachingPorts): Service {
  const { bus, clock, logger, tokens } = ports;
  const db = ports.database.db as Kysely<CoachingDatabase>;
  const settings: ModelSettings = { model: DEFAULT_MODEL, timeoutMs: DEFAULT_MODEL_TIMEOUT_MS, ...ports.model };
  const model = createCoachModel(settings, logger, ports.metrics);
  const outbox = createOutbox({ database: ports.database, schema: SCHEMA, bus, logger });
  ports.metrics.watchOutbox(() => outbox.counts());
  const requestLimit = createCoachingRequestLimit(settings.requestsPerMinute ?? DEFAULT_COACHING_REQUESTS_PER_MINUTE, clock);
  const coach = createCoach({ db, outbox, bus, clock, model, modelTimeoutMs: settings.timeoutMs, requestLimit });
  const app = createApp({
    metrics: ports.metrics,
    logger,
    corsOrigins: ports.corsOrigins,
    readiness: [{ name: 'database', check: () => ports.database.ping() }],
    routes: [coachingRoutes(coach, requireAuth(tokens, { isRevoked: (user) => projectedUsers.refusesToken(db, user) }))],
  });
  let subscriptions: Subscription[] = [];

  return {
    name: 'coaching',
    app,
    async start() {
      await migrate(ports.database, SCHEMA, MIGRATIONS_DIR, { shared: projectedUsers.migrations });
      // The outbox table lives in the schema the migrations create.
      await outbox.start();
      bus.onDeadLetter((letter) => recordDeadLetter(db, SCHEMA, letter, clock.now()));
      subscriptions = [await consumeUserEvents(bus, USERS_DURABLE, { db, clock, users: projectedUsers, hooks: userEventHooks })];
    },
    async stop() {
      await Promise.all(subscriptions.map((s) => s.stop()));
      subscriptions = [];
      await outbox.stop();
    },
  };
}
