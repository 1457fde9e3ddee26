import { randomUUID } from 'node:crypto';
import { createRedis, fixedClock, type Redis } from '@warriors/kit';
import { eventuallyPasses, parseMetrics, sampleValue, startOwnRedis, type OwnRedis } from '@warriors/test-support';
import { createRedisLeaderboardStore, type LeaderboardStore } from '@warriors/kit';
import { rebuildLeaderboards } from '../../src/use-cases/rebuild-leaderboards';
import { boardPoints, deadLetters, expectBoardsToEqual, ledgerPoints, logMany } from '../support/board-checks';
import { startGamification, type TestGamification } from '../support/harness';

jest.setTimeout(60_000);

/*
 * The service against a Redis of this file's own, which the tests flush, kill and start again: the
 * boards must come back equal to the ledger by themselves, nothing counted twice, nothing dead-lettered.
 */
let own: OwnRedis;
let redis: Redis;
let store: LeaderboardStore;
let g: TestGamification;

beforeAll(async () => {
  own = await startOwnRedis();
  redis = createRedis(own.url);
  redis.on('error', () => undefined);
  store = createRedisLeaderboardStore(redis, { namespace: 'recovery' });
  g = await startGamification(store, fixedClock('2030-01-01T15:00:00Z'));
});

afterAll(async () => {
  await g?.close();
  await store?.close();
  redis?.disconnect();
  await own?.stop();
});

/** warriors_leaderboard_rebuilds_total of the service's process. */
async function rebuilds(): Promise<number> {
  return sampleValue(parseMetrics(await g.metrics.registry.metrics()), 'warriors_leaderboard_rebuilds_total', { service: 'gamification' }) ?? 0;
}

it('rebuilds the boards by itself after a FLUSHALL mid-stream; redeliveries from before and after count once', async () => {
  g.freshDay();
  const users = await Promise.all(Array.from({ length: 4 }, () => g.register()));
  const owed = new Map<string, number>();
  const before = await logMany(g, users, 60, owed);
  await eventuallyPasses(async () => expect(Object.fromEntries(await boardPoints(g, users, 'alltime'))).toEqual(Object.fromEntries(owed)), 10_000);
  const rebuildsBefore = await rebuilds();

  const flushing = redis.flushall();
  const during = await logMany(g, users, 60, owed);
  await flushing;
  const after = await logMany(g, users, 20, owed);
  for (const event of [...before.slice(0, 10), ...during.slice(0, 10), ...after.slice(0, 5)]) await g.redeliver(event);

  await expectBoardsToEqual(g, users, owed);
  expect(await store.isComplete()).toBe(true);
  expect(await deadLetters(g)).toBe(0);
  // An operator sees the repair: the process counted its rebuild.
  expect(await rebuilds()).toBeGreaterThan(rebuildsBefore);
});

it('answers 503 while Redis is down, then rebuilds, catches up the logs of the outage and a deletion, and dead-letters nothing', async () => {
  g.freshDay();
  const users = await Promise.all(Array.from({ length: 4 }, () => g.register()));
  const [leaving, ...staying] = users;
  const owed = new Map<string, number>();
  await logMany(g, users, 20, owed);
  await expectBoardsToEqual(g, users, owed);

  await own.kill();
  await eventuallyPasses(async () => expect((await g.call('GET', '/readyz')).status).toBe(503));
  const board = await g.call('GET', '/api/leaderboard/today');
  expect(board.status).toBe(503);
  expect(board.body).toEqual({ detail: expect.stringMatching(/leaderboard is unavailable/) });
  expect((await g.call('GET', '/api/leaderboard/me?window=alltime', users[0]!.token)).status).toBe(503);
  const outage = await logMany(g, users, 40, owed);
  await g.bus.publish({ id: randomUUID(), type: 'user.deleted', v: 1, occurredAt: new Date().toISOString(), data: { user_id: leaving!.user_id } });
  owed.set(leaving!.user_id, 0);
  // The ledger takes the outage's logs and the deletion while the boards cannot.
  await eventuallyPasses(async () => {
    const ledger = await ledgerPoints(
      g,
      users.map((u) => u.user_id),
    );
    expect(Object.fromEntries(ledger)).toEqual(Object.fromEntries(staying.map((u) => [u.user_id, owed.get(u.user_id)])));
  }, 10_000);

  await own.start();
  for (const event of outage.slice(0, 10)) await g.redeliver(event);
  await expectBoardsToEqual(g, staying, owed);
  // Gone from the public board, and their token no longer works (a deleted account's token is refused).
  const alltime = await g.call('GET', '/api/leaderboard/alltime');
  expect(alltime.body.map((row: { id: string }) => row.id)).not.toContain(leaving!.user_id);
  expect((await g.call('GET', '/api/leaderboard/me?window=alltime', leaving!.token)).status).toBe(401);
  expect((await g.call('GET', '/readyz')).status).toBe(200);
  expect(await deadLetters(g)).toBe(0);
});

it('lets one process rebuild at a time: a second rebuild waits for the first', async () => {
  const first = (await store.beginRebuild())!;
  expect(await rebuildLeaderboards(g.db, store, g.clock.now())).toBeNull();
  expect((await g.call('GET', '/readyz')).status).toBe(503);
  await first.abort();
  // The service's own check rebuilds the boards the aborted rebuild left incomplete.
  await eventuallyPasses(async () => expect((await g.call('GET', '/readyz')).status).toBe(200), 10_000);
});
