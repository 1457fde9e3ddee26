import { sql } from 'kysely';
import { createLogger, createMemoryBus, createMetrics, createPostgresDatabase, createTokenSigner, fixedClock, type Database, type Service } from '@warriors/kit';
import { createTestDatabase, TEST_MAIL_SETTINGS, TEST_TOKEN_SECRET } from '@warriors/test-support';
import { SERVICE_NAMES } from '../src/route-table';
import { SERVICES } from '../src/services';

/** Instances of one service starting together on a database no instance has seen, as a deployment of N does. */
const INSTANCES = 3;

describe.each(SERVICE_NAMES.map((name) => [name]))(`%s, started ${INSTANCES} times at once on a fresh database`, (name) => {
  it(`brings every instance up, each migration applied once`, async () => {
    const fresh = await createTestDatabase(`inst_${name}`);
    // Each instance its own connection pool, as separate processes have.
    const databases: Database[] = Array.from({ length: INSTANCES }, () => createPostgresDatabase(fresh.url, 2));
    const services: Service[] = databases.map((database) =>
      SERVICES[name].create({
        mail: TEST_MAIL_SETTINGS,
        database,
        bus: createMemoryBus(),
        clock: fixedClock('2026-03-02T15:00:00Z'),
        logger: createLogger(`${name}-instances-test`, 'silent'),
        tokens: createTokenSigner(TEST_TOKEN_SECRET, 3600),
        metrics: createMetrics().forService(name),
      }),
    );
    try {
      const started = await Promise.allSettled(services.map((service) => service.start()));
      expect(started.map((outcome) => (outcome.status === 'rejected' ? String(outcome.reason) : 'up'))).toEqual(Array(INSTANCES).fill('up'));
      // Every service's schema is named after it.
      const applied = await sql<{ id: string }>`select id from ${sql.table(`${name}.schema_migrations`)}`.execute(fresh.database.db);
      expect(applied.rows.length).toBeGreaterThan(0);
      expect(new Set(applied.rows.map((row) => row.id)).size).toBe(applied.rows.length);
    } finally {
      await Promise.all(services.map((service) => service.stop()));
      await Promise.all(databases.map((database) => database.close()));
      await fresh.drop();
    }
  });
});
