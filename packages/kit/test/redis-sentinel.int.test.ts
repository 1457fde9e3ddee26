import { createRedis, parseSentinels, type Redis } from '../src';
import { eventuallyPasses, startOwnRedisSentinel, type OwnRedisSentinel } from '@warriors/test-support';

jest.setTimeout(90_000);

/*
 * createRedis through sentinels of this file's own (a primary, a replica, three sentinels). A
 * process keeps its Redis across a primary crash however the failover's announcement and its own
 * reconnection interleave; the machine's shared Redis is never touched.
 */
let own: OwnRedisSentinel;
let redis: Redis;
let ends = 0;

beforeAll(async () => {
  own = await startOwnRedisSentinel();
  redis = createRedis({ sentinels: parseSentinels(own.sentinels), masterName: own.masterName });
  redis.on('error', () => undefined);
  redis.on('end', () => ends++);
  expect(await redis.ping()).toBe('PONG');
});

afterAll(async () => {
  redis?.disconnect();
  await own?.stop();
});

it('connects again after a primary crash, past a sentinel that hangs, however the failover is announced meanwhile', async () => {
  // The client asks the first-listed sentinel first. Hung, it would hold every reconnection after the
  // crash (a sentinel is passed over after SENTINEL_COMMAND_TIMEOUT_MS now); and the other two agree
  // the failover and announce it meanwhile, which cancels an attempt under way: ioredis then ended the
  // client for good.
  own.freezeFirstSentinel();
  try {
    const former = await own.killPrimary();
    const promoted = await own.waitForFailover(former);
    await eventuallyPasses(async () => {
      expect(await redis.set('after-the-crash', 'written')).toBe('OK');
    }, 30_000);
    expect(await own.client(promoted).get('after-the-crash')).toBe('written');
    console.log(`[figures] client ended ${ends} time(s) by ioredis during the failover, and connected again each time`);
  } finally {
    own.thawSentinel();
  }
});

it('stays closed once its owner closes it', async () => {
  redis.disconnect();
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect(redis.status).toBe('end');
});
