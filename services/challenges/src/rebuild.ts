import type { Kysely } from 'kysely';
import { createLogger, createPostgresDatabase, createRedis, createRedisLeaderboardStore, loadConfig } from '@warriors/kit';
import { challengesNamespace, ChallengesProcessEnv } from './config';
import type { ChallengesDatabase } from './store/schema';
import { rebuildBoards } from './use-cases/rebuild-boards';

const WAIT_FOR_OTHER_REBUILD_MS = 60_000;
const RETRY_MS = 250;

/**
 * `node services/challenges/dist/rebuild.js`, with main's environment: re-creates the Redis challenge
 * boards from the members' points in PostgreSQL, to repair drift. The service rebuilds by itself
 * after a Redis restart or flush; the consumers may keep running (see rebuildBoards).
 */
async function rebuild(): Promise<void> {
  const logger = createLogger('challenges-rebuild');
  const config = loadConfig(ChallengesProcessEnv);
  const database = createPostgresDatabase(config.DATABASE_URL, 2, logger);
  const redis = createRedis(config.REDIS_URL);
  try {
    const started = Date.now();
    const store = createRedisLeaderboardStore(redis, { namespace: challengesNamespace(config.LEADERBOARD_NAMESPACE) });
    for (;;) {
      const rebuilt = await rebuildBoards(database.db as Kysely<ChallengesDatabase>, store, new Date());
      if (rebuilt) {
        logger.info({ ...rebuilt, ms: Date.now() - started }, 'challenge boards rebuilt from PostgreSQL');
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
