import type { Kysely } from 'kysely';
import { createLogger, createPostgresDatabase, createRedis, loadConfig } from '@warriors/kit';
import { GamificationProcessEnv } from './config';
import { createRedisLeaderboardStore } from '@warriors/kit';
import type { GamificationDatabase } from './store/schema';
import { rebuildLeaderboards } from './use-cases/rebuild-leaderboards';

/** How long the command waits for a rebuild another process holds (the service's own, after a flush) to end. */
const WAIT_FOR_OTHER_REBUILD_MS = 60_000;
const RETRY_MS = 250;

/**
 * `node services/gamification/dist/rebuild.js`, with main's environment: re-creates the Redis
 * leaderboards from the points ledger, to repair drift. The service rebuilds by itself after a
 * Redis restart or flush; the consumers may keep running (see rebuildLeaderboards).
 */
async function rebuild(): Promise<void> {
  const logger = createLogger('gamification-rebuild');
  const config = loadConfig(GamificationProcessEnv);
  const database = createPostgresDatabase(config.DATABASE_URL, 2, logger);
  const redis = createRedis(config.REDIS_URL);
  try {
    const started = Date.now();
    const store = createRedisLeaderboardStore(redis, { namespace: config.LEADERBOARD_NAMESPACE });
    for (;;) {
      const rebuilt = await rebuildLeaderboards(database.db as Kysely<GamificationDatabase>, store, new Date());
      if (rebuilt) {
        logger.info({ ...rebuilt, ms: Date.now() - started }, 'leaderboards rebuilt from the ledger');
        return;
      }
      if (Date.now() - started > WAIT_FOR_OTHER_REBUILD_MS) throw new Error('another process kept the rebuild lock; try again later');
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  } finally {
    await redis.quit();
    await database.close();
  }
}

rebuild().catch((err: unknown) => {
  console.error('rebuild failed:', err instanceof Error ? err.message : err);
  process.exit(1);
});
