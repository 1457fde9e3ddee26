// The product's gateway, started as in stack mode, plus one route to a bare express JSON server:
// the bench's baseline for "what this machine does through this gateway with no work behind it".
import http from 'node:http';
import express from 'express';
import { createLogger, createRedis, listen, loadConfig } from '@warriors/kit';
import { createGateway, GatewayEnv, ROUTES, upstreamsFrom, UpstreamPool } from '@warriors/gateway';

export const BARE_PATH = '/api/bench/bare';

async function main(): Promise<void> {
  const logger = createLogger('bench-gateway', 'warn');
  const config = loadConfig(GatewayEnv);
  const bare = express();
  const payload = Array.from({ length: 20 }, (_, i) => ({ id: `user-${i}`, name: `Warrior ${i}`, username: `warrior_${i}`, points: 1000 - i * 7, rank: i + 1 }));
  bare.get(BARE_PATH, (_req, res) => {
    res.json(payload);
  });
  bare.get('/readyz', (_req, res) => {
    res.json({ status: 'ready' });
  });
  const bareServer = await listen(bare, 0);
  const pools: Record<string, UpstreamPool> = { bare: new UpstreamPool('bare', [bareServer.url]) };
  for (const [name, urls] of Object.entries(upstreamsFrom(config))) pools[name] = new UpstreamPool(name, urls);
  const gateway = createGateway({
    logger,
    pools,
    routes: [...ROUTES, { pattern: new RegExp(`^${BARE_PATH}$`), service: 'bare' }],
    trustProxyHops: 0,
    authAttemptsPerMinute: config.AUTH_RATE_LIMIT_PER_MINUTE,
    redis: createRedis(config.REDIS_URL),
  });
  await listen(http.createServer(gateway.app), config.PORT, config.HOST);
}

void main();
