import path from 'node:path';
import type { Kysely } from 'kysely';
import { createApp, createOutbox, migrate, type Service, type ServicePorts, type Subscription } from '@warriors/kit';
import type { EffectSource } from './events/effects.listener';
import { USER_SUBJECTS, USERS_DURABLE, userEventsHandler } from './events/user-events.consumer';
import { activityRoutes } from './routes/activity.routes';
import { usersRoutes } from './routes/users.routes';
import { SCHEMA, type ActivityDatabase } from './store/schema';
import { insertDeadLetter } from './store/users.store';
import { createActivityLog } from './use-cases/log-activity';
import { createReports } from './use-cases/reports';
import { createUserDirectory } from './use-cases/user-directory';

/** src/ under jest and tsx, dist/ once built: both sit one level below the package root. */
const MIGRATIONS_DIR = path.resolve(__dirname, '..', 'migrations');

/** Long enough for a healthy consumer on the same network to answer, short enough that a log never feels slow. */
export const DEFAULT_EFFECTS_WAIT_MS = 300;

/** The consumers that answer every log in the product: the process entry points wait for both. */
export const PRODUCT_EFFECT_SOURCES: readonly EffectSource[] = ['gamification', 'campaigns'];

export interface ActivityServiceOptions {
  /** How long a log waits for its effects before answering without the missing ones. */
  effectsWaitMs?: number;
  /** The consumers whose effects a log waits for (the product runs with PRODUCT_EFFECT_SOURCES; tests pick their own). */
  effectSources?: readonly EffectSource[];
}

export function createActivityService(ports: ServicePorts & ActivityServiceOptions): Service {
  const db = ports.database.db as Kysely<ActivityDatabase>;
  const outbox = createOutbox({ database: ports.database, schema: SCHEMA, bus: ports.bus, logger: ports.logger });
  const users = createUserDirectory({ db, bus: ports.bus });
  const activityLog = createActivityLog({
    db,
    bus: ports.bus,
    outbox,
    clock: ports.clock,
    users,
    effectSources: ports.effectSources ?? ['gamification'],
    effectsWaitMs: ports.effectsWaitMs ?? DEFAULT_EFFECTS_WAIT_MS,
  });
  const reports = createReports({ db, bus: ports.bus, clock: ports.clock, users });
  const app = createApp({
    logger: ports.logger,
    corsOrigins: ports.corsOrigins,
    readiness: [{ name: 'database', check: () => ports.database.ping() }],
    routes: [activityRoutes(activityLog, reports, ports.tokens), usersRoutes(reports, ports.tokens)],
  });
  let userEvents: Subscription | undefined;
  return {
    name: 'activity',
    app,
    async start() {
      await migrate(ports.database, SCHEMA, MIGRATIONS_DIR);
      // The outbox table lives in the schema the migrations create.
      await outbox.start();
      ports.bus.onDeadLetter((letter) => insertDeadLetter(db, letter, ports.clock.now()));
      userEvents = await ports.bus.consume({ durable: USERS_DURABLE, subjects: USER_SUBJECTS }, userEventsHandler(db, ports.clock));
    },
    async stop() {
      await userEvents?.stop();
      await outbox.stop();
    },
  };
}
