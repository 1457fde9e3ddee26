import type { z } from 'zod';
import { loadConfig } from '../config';
import { createPostgresDatabase, type Database } from '../db/database';
import { createLogger } from '../logger';
import { closeRedis, createRedis, redisTargetOf, type RedisEnv } from '../redis';
import type { LeaderboardStore } from './leaderboard-store.port';
import { createRedisLeaderboardStore } from './redis-leaderboard-store';

/** How long a rebuild command waits for a rebuild another process holds (the service's own, after a flush) to end. */
const WAIT_FOR_OTHER_REBUILD_MS = 60_000;
const RETRY_MS = 250;

/** What a process needs to rebuild its Redis boards from PostgreSQL. */
interface RebuildEnv extends RedisEnv {
  DATABASE_URL: string;
  LEADERBOARD_NAMESPACE: string;
}

export interface LeaderboardRebuildCommand<Env extends RebuildEnv> {
  /** The logger's name, e.g. 'gamification-rebuild'. */
  name: string;
  /** The service process's environment schema: the command runs with main's environment. */
  env: z.ZodType<Env>;
  /** The namespace the service's boards live under, from LEADERBOARD_NAMESPACE. */
  namespace?: (configured: string) => string;
  /** The service's rebuild: what it rebuilt, or null while another process holds the rebuild lock. */
  rebuild: (db: Database['db'], store: LeaderboardStore, now: Date) => Promise<object | null>;
  /** The log line of a finished rebuild. */
  rebuilt: string;
}

/**
 * A service's `dist/rebuild.js`: re-creates its Redis boards from PostgreSQL by hand, to repair
 * drift, waiting out a rebuild another process holds; exits 1 with the reason when it cannot.
 */
export function runLeaderboardRebuildCommand<Env extends RebuildEnv>(command: LeaderboardRebuildCommand<Env>): void {
  const run = async (): Promise<void> => {
    const logger = createLogger(command.name);
    const config: Env = loadConfig(command.env);
    const database = createPostgresDatabase(config.DATABASE_URL, 2, logger);
    const redis = createRedis(redisTargetOf(config));
    try {
      const started = Date.now();
      const namespace = command.namespace ? command.namespace(config.LEADERBOARD_NAMESPACE) : config.LEADERBOARD_NAMESPACE;
      const store = createRedisLeaderboardStore(redis, { namespace });
      for (;;) {
        const rebuilt = await command.rebuild(database.db, store, new Date());
        if (rebuilt) {
          logger.info({ ...rebuilt, ms: Date.now() - started }, command.rebuilt);
          return;
        }
        if (Date.now() - started > WAIT_FOR_OTHER_REBUILD_MS) throw new Error('another process kept the rebuild lock; try again later');
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
    } finally {
      await closeRedis(redis);
      await database.close();
    }
  };
  run().catch((err: unknown) => {
    console.error('rebuild failed:', err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
