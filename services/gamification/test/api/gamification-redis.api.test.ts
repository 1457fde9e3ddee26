import { randomBytes } from 'node:crypto';
import { createRedis, type Redis } from '@warriors/kit';
import { createRedisLeaderboardStore } from '@warriors/kit';
import { runGamificationApiSuite } from '../support/api-suite';
import { REDIS_URL } from '../support/harness';

let redis: Redis | undefined;

afterAll(async () => {
  await redis?.quit();
});

runGamificationApiSuite('redis', () => {
  redis = createRedis(REDIS_URL);
  const store = createRedisLeaderboardStore(redis, { namespace: `gamif-test-${randomBytes(6).toString('hex')}` });
  return { store, cleanup: () => store.clear() };
});
