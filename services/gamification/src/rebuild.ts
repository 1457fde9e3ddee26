import type { Kysely } from 'kysely';
import { createLogger, createPostgresDatabase, createRedis, loadConfig } from '@warriors/kit';
import { GamificationProcessEnv } from './config';
import { createRedisLeaderboardStore } from './leaderboard';
import type { GamificationDatabase } from './store/schema';
import { rebuildLeaderboards } from './use-cases/rebuild-leaderboards';

/**
 * `node services/gamification/dist/rebuild.js`, with main's environment: re-creates the Redis
 * leaderboards from the points ledger (after a flush, or to repair drift). Stop the gamification
 * consumers first (see rebuildLeaderboards).
 */
async function rebuild(): Promise<void> {
  const logger = createLogger('gamification-rebuild');
  const config = loadConfig(GamificationProcessEnv);
  const database = createPostgresDatabase(config.DATABASE_URL, 2);
  const redis = createRedis(config.REDIS_URL);
  try {
    const started = Date.now();
    const store = createRedisLeaderboardStore(redis, { namespace: config.LEADERBOARD_NAMESPACE });
    const { keys } = await rebuildLeaderboards(database.db as Kysely<GamificationDatabase>, store, new Date());
    logger.info({ keys, ms: Date.now() - started }, 'leaderboards rebuilt from the ledger');
  } finally {
    await redis.quit();
    await database.close();
  }
}

rebuild().catch((err: unknown) => {
  console.error('rebuild failed:', err instanceof Error ? err.message : err);
  process.exit(1);
});
