import { z } from 'zod';
import { createNatsBus } from './messaging/bus/nats-bus';
import { NatsEnv, natsBusOptions } from './messaging/bus/nats-env';
import { systemClock } from './clock';
import { loadConfig, optionalSecret, port, secret } from './config';
import { createPostgresDatabase, ensureDatabaseExists } from './db/database';
import { createTokenSigner } from './http/jwt';
import { listen } from './http/server';
import { createLogger, logLevel } from './logger';
import { createMetrics } from './metrics';
import { OutboxEnv } from './messaging/outbox';
import { loadServiceRegistry, stackPortOf } from './service-registry';
import { serverOf, type Service, type ServicePorts } from './service';
import { onShutdown } from './shutdown';

export const DEFAULT_TOKEN_TTL_SECONDS = 7 * 24 * 3600;

/** What every service process reads from its environment in stack mode. */
export const ServiceProcessEnv = z.object({
  PORT: port(0),
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z.string().url().default('postgres://postgres@127.0.0.1:5432/warriors'),
  ...NatsEnv.shape,
  ...OutboxEnv.shape,
  JWT_SECRET: secret('JWT_SECRET'),
  /** The secret being rotated out: tokens it signed are still accepted, none is signed with it. */
  JWT_SECRET_PREVIOUS: optionalSecret('JWT_SECRET_PREVIOUS'),
  JWT_TTL_SECONDS: z.coerce.number().int().positive().default(DEFAULT_TOKEN_TTL_SECONDS),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((s) =>
      s
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    ),
  DB_POOL_SIZE: z.coerce.number().int().positive().default(10),
  LOG_LEVEL: logLevel,
  /** Bearer token a scrape of /metrics must carry; unset, a service's /metrics is open (it is never routed by the gateway). */
  METRICS_TOKEN: optionalSecret('METRICS_TOKEN'),
});

/** Ports a service needs beyond the common ones (e.g. a Redis leaderboard store), and how to close them. */
export interface ExtraPorts<Extra> {
  ports: Extra;
  close(): Promise<void>;
}

export interface ServiceProcessOptions<Env extends typeof ServiceProcessEnv, Extra> {
  /** The service's own environment schema: ServiceProcessEnv extended with its variables. */
  env?: Env;
  extraPorts?: (config: z.infer<Env>) => Promise<ExtraPorts<Extra>> | ExtraPorts<Extra>;
}

/**
 * Runs one service as its own process against PostgreSQL and NATS: read config, build the
 * ports, start, listen, and stop in order on SIGTERM. A service's main.ts is one call to this.
 * It listens on PORT, or else on its port in services.registry.json.
 */
export async function runServiceProcess<Extra extends object = object, Env extends typeof ServiceProcessEnv = typeof ServiceProcessEnv>(
  name: string,
  create: (ports: ServicePorts & Extra) => Service,
  options: ServiceProcessOptions<Env, Extra> = {},
): Promise<void> {
  const logger = createLogger(name);
  try {
    const config = loadConfig(options.env ?? ServiceProcessEnv, { PORT: String(stackPortOf(loadServiceRegistry(), name)), ...process.env }) as z.infer<Env>;
    await ensureDatabaseExists(config.DATABASE_URL, logger);
    const database = createPostgresDatabase(config.DATABASE_URL, config.DB_POOL_SIZE, logger);
    const bus = await createNatsBus(natsBusOptions(config, logger));
    const metrics = createMetrics({ token: config.METRICS_TOKEN });
    metrics.watchConsumers(() => bus.consumerStates());
    const extra = options.extraPorts ? await options.extraPorts(config) : { ports: {} as Extra, close: async () => undefined };
    const service = create({
      database,
      bus,
      clock: systemClock,
      logger,
      tokens: createTokenSigner(config.JWT_SECRET, config.JWT_TTL_SECONDS, config.JWT_SECRET_PREVIOUS),
      metrics: metrics.forService(name),
      corsOrigins: config.CORS_ORIGINS,
      ...extra.ports,
    });
    await service.start();
    const server = await listen(serverOf(service), config.PORT, config.HOST);
    logger.info({ url: server.url }, `${name} listening`);
    // Closed in reverse: the server first, then consumers, then the connections they used.
    onShutdown(logger, [() => extra.close(), () => database.close(), () => bus.close(), () => service.stop(), () => server.close()]);
  } catch (err) {
    logger.fatal({ err }, `${name} failed to start`);
    process.exit(1);
  }
}
