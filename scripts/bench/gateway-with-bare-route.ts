// The product's gateway, started as in stack mode, plus one route to the bare express JSON server
// (BARE_URL): the bench's baseline for "what this machine does through this gateway with no work behind it".
import http from 'node:http';
import { createLogger, createRedis, listen, loadConfig, redisTargetOf } from '@warriors/kit';
import { createGateway, GatewayEnv, ROUTES, upstreamsFrom, UpstreamPool } from '@warriors/gateway';
import { BARE_PATH } from './bare-route';

async function main(): Promise<void> {
  const logger = createLogger('bench-gateway', 'warn');
  const config = loadConfig(GatewayEnv);
  const pools: Record<string, UpstreamPool> = { bare: new UpstreamPool('bare', [process.env.BARE_URL!]) };
  for (const [name, urls] of Object.entries(upstreamsFrom(config))) pools[name] = new UpstreamPool(name, urls);
  const gateway = createGateway({
    logger,
    pools,
    routes: [...ROUTES, { pattern: new RegExp(`^${BARE_PATH}$`), service: 'bare' }],
    trustProxyHops: 0,
    authAttemptsPerMinute: config.AUTH_RATE_LIMIT_PER_MINUTE,
    redis: createRedis(redisTargetOf(config)),
  });
  await listen(http.createServer(gateway.app).on('upgrade', gateway.onUpgrade), config.PORT, config.HOST);
  // A normal exit, so that a --cpu-prof profile (BENCH_PROFILE_DIR) is written when the bench stops the stack.
  process.once('SIGTERM', () => process.exit(0));
}

void main();
