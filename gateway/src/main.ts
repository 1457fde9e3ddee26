import http from 'node:http';
import { closeRedis, createLogger, createMetrics, createRedis, listen, loadConfig, onShutdown, redisTargetOf } from '@warriors/kit';
import { GatewayEnv, upstreamsFrom } from './config';
import { createGateway } from './gateway';
import { UpstreamPool } from './upstream-pool';

/** Stack mode: the gateway as its own process in front of the service processes. */
async function main(): Promise<void> {
  const logger = createLogger('gateway');
  try {
    const config = loadConfig(GatewayEnv);
    const redis = createRedis(redisTargetOf(config));
    redis.on('error', (err) => logger.warn({ err: err.message }, 'redis error'));
    const pools = Object.fromEntries(Object.entries(upstreamsFrom(config)).map(([name, urls]) => [name, new UpstreamPool(name, urls)]));
    const gateway = createGateway({
      logger,
      pools,
      webDist: config.WEB_DIST,
      trustProxyHops: config.TRUST_PROXY_HOPS,
      authAttemptsPerMinute: config.AUTH_RATE_LIMIT_PER_MINUTE,
      redis,
      metrics: createMetrics({ token: config.METRICS_TOKEN }).forService('gateway'),
      clientConfig: { promo_url: config.PROMO_URL ?? null, coaching_enabled: config.COACHING_ENABLED },
    });
    const server = await listen(http.createServer(gateway.app).on('upgrade', gateway.onUpgrade), config.PORT, config.HOST);
    logger.info({ url: server.url }, 'gateway listening');
    onShutdown(logger, [
      () => void closeRedis(redis),
      async () => {
        const stopped = server.close();
        gateway.closeLiveSockets();
        await stopped;
      },
    ]);
  } catch (err) {
    logger.fatal({ err }, 'gateway failed to start');
    process.exit(1);
  }
}

void main();
