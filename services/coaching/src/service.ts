import path from 'node:path';
import type { Kysely } from 'kysely';
import { createApp, migrate, requireAuth, type Service, type ServicePorts } from '@warriors/kit';
import { coachingRoutes } from './routes/coaching.routes';
import { SCHEMA, type CoachingDatabase } from './store/schema';
import { createCoach } from './use-cases/coach';
import { createCoachModel, DEFAULT_MODEL, DEFAULT_MODEL_TIMEOUT_MS, type ModelSettings } from './use-cases/coach-model';

/** src/ under jest and tsx, dist/ once built: both sit one level below the package root. */
const MIGRATIONS_DIR = path.resolve(__dirname, '..', 'migrations');

export type CoachingPorts = ServicePorts & {
  /** The model server (OPENAI_* variables); without an API key the routes answer 503. */
  model?: Partial<ModelSettings>;
};

export function createCoachingService(ports: CoachingPorts): Service {
  const { bus, clock, logger, tokens } = ports;
  const db = ports.database.db as Kysely<CoachingDatabase>;
  const model = createCoachModel({ model: DEFAULT_MODEL, timeoutMs: DEFAULT_MODEL_TIMEOUT_MS, ...ports.model }, logger);
  const coach = createCoach({ db, bus, clock, model });
  const app = createApp({
    logger,
    corsOrigins: ports.corsOrigins,
    readiness: [{ name: 'database', check: () => ports.database.ping() }],
    routes: [coachingRoutes(coach, requireAuth(tokens))],
  });

  return {
    name: 'coaching',
    app,
    async start() {
      await migrate(ports.database, SCHEMA, MIGRATIONS_DIR);
    },
    async stop() {},
  };
}
