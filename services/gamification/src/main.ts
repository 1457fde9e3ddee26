import {
  createLogger,
  createNatsBus,
  createPostgresDatabase,
  createRedis,
  createTokenSigner,
  ensureDatabaseExists,
  listen,
  loadConfig,
  onShutdown,
  systemClock,
} from '@warriors/kit';
import { DEFAULT_PORT, GamificationProcessEnv } from './config';
import { createRedisLeaderboardStore } from './leaderboard';
import { createGamificationService } from './service';

/** runServiceProcess's steps plus the Redis leaderboard store, which that helper cannot build. */
async function main(): Promise<void> {
  const logger = createLogger('gamification');
  try {
    const config = loadConfig(GamificationProcessEnv, { PORT: String(DEFAULT_PORT), ...process.env });
    await ensureDatabaseExists(config.DATABASE_URL);
    const database = createPostgresDatabase(config.DATABASE_URL, config.DB_POOL_SIZE);
    const bus = await createNatsBus({
      servers: config.NATS_URL,
      streamName: config.NATS_STREAM,
      subjectPrefix: config.NATS_SUBJECT_PREFIX || undefined,
      logger,
    });
    const redis = createRedis(config.REDIS_URL);
    const service = createGamificationService({
      database,
      bus,
      clock: systemClock,
      logger,
      tokens: createTokenSigner(config.JWT_SECRET, config.JWT_TTL_SECONDS),
      corsOrigins: config.CORS_ORIGINS,
      leaderboard: createRedisLeaderboardStore(redis, { namespace: config.LEADERBOARD_NAMESPACE }),
    });
    await service.start();
    const server = await listen(service.app, config.PORT, config.HOST);
    logger.info({ url: server.url }, 'gamification listening');
    // Closed in reverse: server, consumers, then the connections they used.
    onShutdown(logger, [() => redis.quit().then(() => undefined), () => database.close(), () => bus.close(), () => service.stop(), () => server.close()]);
  } catch (err) {
    logger.fatal({ err }, 'gamification failed to start');
    process.exit(1);
  }
}

void main();
