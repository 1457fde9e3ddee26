import { createRedis, createRedisLeaderboardStore, fixedClock, parseSentinels, type LeaderboardRepair, type LeaderboardStore, type Redis } from '@warriors/kit';
import { eventuallyPasses, startOwnRedisSentinel, waitFor, type OwnRedisSentinel } from '@warriors/test-support';
import { deadLetters, expectBoardsToEqual, logMany } from '../support/board-checks';
import { startGamification, type TestGamification } from '../support/harness';

jest.setTimeout(120_000);

/*
 * The service against a Sentinel-monitored Redis of this file's own (a primary, a replica, three
 * sentinels). A failover may promote a replica that missed the last applies; the boards must come
 * back equal to the ledger by themselves, with nobody running a command.
 */
let own: OwnRedisSentinel;
let redis: Redis;
let store: LeaderboardStore;
let g: TestGamification;
const repairs: LeaderboardRepair[] = [];

beforeAll(async () => {
  own = await startOwnRedisSentinel();
  redis = createRedis({ sentinels: parseSentinels(own.sentinels), masterName: own.masterName });
  redis.on('error', () => undefined);
  store = createRedisLeaderboardStore(redis, { namespace: 'failover' });
  g = await startGamification(store, fixedClock('2030-01-01T15:00:00Z'), undefined, { onLeaderboardRebuilt: (repair) => repairs.push(repair) });
});

afterAll(async () => {
  await g?.close();
  await store?.close();
  redis?.disconnect();
  await own?.stop();
});

it('repairs the boards by itself when the promoted replica missed applies the old primary had taken', async () => {
  g.freshDay();
  const users = await Promise.all(Array.from({ length: 4 }, () => g.register()));
  const owed = new Map<string, number>();
  await logMany(g, users, 20, owed);
  await expectBoardsToEqual(g, users, owed);

  // The replica stops copying: the next applies reach the primary only, and the boards show them there.
  const former = await own.currentPrimaryPort();
  await own.cutReplication();
  await logMany(g, users, 20, owed);
  await expectBoardsToEqual(g, users, owed);
  const repairsBefore = repairs.length;

  const started = Date.now();
  await own.failover();
  const promoted = await own.waitForFailover(former);
  await expectBoardsToEqual(g, users, owed, 60_000);
  console.log(`[figures] failover that lost applies: boards exact again ${Date.now() - started} ms after SENTINEL FAILOVER (rebuild took ${repairs.at(-1)?.ms} ms)`);
  expect(promoted).not.toBe(former);
  // Told once the rebuild's catch-up is over too, which may be after the boards show exact.
  await eventuallyPasses(async () => expect(repairs.length).toBeGreaterThan(repairsBefore), 10_000);
  expect(await deadLetters(g)).toBe(0);
  await own.resumeReplication();
});

it('keeps taking points while the primary is killed mid-load, and ends with boards equal to the ledger', async () => {
  await own.restartKilled();
  g.freshDay();
  const users = await Promise.all(Array.from({ length: 6 }, () => g.register()));
  const owed = new Map<string, number>();
  await logMany(g, users, 30, owed);
  await expectBoardsToEqual(g, users, owed);
  const repairsBefore = repairs.length;

  // A steady load (about 120 logs a second), not a flood: the in-process broker keeps a bounded backlog.
  let logging = true;
  let batches = 0;
  const load = (async () => {
    while (logging) {
      await logMany(g, users, 6, owed);
      batches++;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  await waitFor(() => batches > 5, 10_000, 'the load to run');
  const started = Date.now();
  const former = await own.killPrimary();
  await own.waitForFailover(former);
  await logMany(g, users, 30, owed);
  logging = false;
  await load;
  await expectBoardsToEqual(g, users, owed, 60_000);
  console.log(`[figures] primary killed under load: boards exact again ${Date.now() - started} ms after the kill (rebuild took ${repairs.at(-1)?.ms} ms)`);
  await eventuallyPasses(async () => expect(repairs.length).toBeGreaterThan(repairsBefore), 10_000);
  expect(await deadLetters(g)).toBe(0);
});
