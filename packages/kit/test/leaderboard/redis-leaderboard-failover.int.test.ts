import { createRedis, createRedisLeaderboardStore, isDependencyFailure, type LeaderboardStore, type Redis } from '../../src';
import { eventually, startOwnRedisSentinel, waitFor, type OwnRedisSentinel } from '@warriors/test-support';
import { rebuildWith } from './leaderboard-store.contract';

jest.setTimeout(90_000);

/*
 * The Redis store through sentinels of this file's own: a failover may promote a replica that missed
 * the last writes, and the store must then count its boards incomplete (so that they are rebuilt)
 * rather than serve them.
 */
let own: OwnRedisSentinel;
let redis: Redis;
let store: LeaderboardStore;

beforeAll(async () => {
  own = await startOwnRedisSentinel();
  redis = createRedis({ sentinels: own.env.REDIS_SENTINELS.split(',').map((a) => ({ host: '127.0.0.1', port: Number(a.split(':')[1]) })), masterName: own.masterName });
  redis.on('error', () => undefined);
  store = createRedisLeaderboardStore(redis, { namespace: 'failover' });
});

afterAll(async () => {
  await store?.close();
  redis?.disconnect();
  await own?.stop();
});

async function refusedAsUnavailable(pending: Promise<unknown>): Promise<boolean> {
  try {
    await pending;
    return false;
  } catch (err) {
    return isDependencyFailure(err);
  }
}

it('counts boards completed on a primary that a failover replaced as incomplete, even when the marker survived, and complete again after a rebuild', async () => {
  await rebuildWith(store);
  expect(await store.apply('kept', 'alice', [{ key: 'all', delta: 5 }])).toBe(true);
  // The replica holds everything so far; what follows only the primary sees.
  await waitFor(async () => (await own.client(await own.currentPrimaryPort()).wait(1, 1000)) >= 1, 10_000, 'the replica to acknowledge');
  const former = await own.currentPrimaryPort();
  await own.cutReplication();
  expect(await store.apply('lost', 'alice', [{ key: 'all', delta: 7 }])).toBe(true);
  expect(await store.score('all', 'alice')).toBe(12);

  await own.failover();
  const promoted = await own.waitForFailover(former);
  // The promoted replica holds the completeness marker and the first apply, not the second.
  const promotedData = own.client(promoted);
  expect(await promotedData.exists('failover:boards:complete')).toBe(1);
  expect(await promotedData.zscore('failover:all', 'alice')).toBe('5');

  // The client finds the new primary by itself; there the boards are incomplete: refused, not served short.
  await eventually('the store to answer from the new primary', async () => ((await store.isComplete().catch(() => null)) === false ? true : undefined), 30_000);
  expect(await refusedAsUnavailable(store.score('all', 'alice'))).toBe(true);
  expect(await refusedAsUnavailable(store.apply('after', 'alice', [{ key: 'all', delta: 1 }]))).toBe(true);

  await rebuildWith(store, [{ key: 'all', members: [{ member: 'alice', score: 12 }] }], ['kept', 'lost']);
  expect(await store.isComplete()).toBe(true);
  expect(await store.score('all', 'alice')).toBe(12);
  expect(await store.apply('lost', 'alice', [{ key: 'all', delta: 7 }])).toBe(false);
  await own.resumeReplication();
});

it('rides out a killed primary: commands fail while no primary answers, then go to the promoted replica; nothing crashes', async () => {
  await own.restartKilled();
  await rebuildWith(store);
  let stop = false;
  let applied = 0;
  let failed = 0;
  /** Applies that went in on the new primary: all of them, since it refuses every apply until the rebuild below. */
  let appliedAfterRebuild = 0;
  let rebuilding = false;
  const load = (async () => {
    for (let i = 0; !stop; i++) {
      try {
        const wasRebuilding = rebuilding;
        await store.apply(`load-${i}`, 'bob', [{ key: 'all', delta: 1 }]);
        applied++;
        if (wasRebuilding) appliedAfterRebuild++;
      } catch (err) {
        if (!isDependencyFailure(err)) throw err;
        failed++;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  })();
  await waitFor(() => applied > 50, 10_000, 'some applies before the kill');
  const started = Date.now();
  const former = await own.killPrimary();
  await own.waitForFailover(former);
  // Each new primary counts the boards incomplete until a rebuild: here by hand, in the services by their keeper.
  await eventually('the store to reach the new primary', async () => ((await store.isComplete().catch(() => null)) === false ? true : undefined), 30_000);
  rebuilding = true;
  await rebuildWith(store, [{ key: 'all', members: [{ member: 'bob', score: 1 }] }]);
  await waitFor(() => appliedAfterRebuild > 20, 10_000, 'applies on the new primary');
  stop = true;
  await load;
  console.log(`[figures] primary killed under load: applies resumed on the promoted replica after ${Date.now() - started} ms; ${failed} applies refused meanwhile`);
  expect(await store.score('all', 'bob')).toBe(1 + appliedAfterRebuild);
});
