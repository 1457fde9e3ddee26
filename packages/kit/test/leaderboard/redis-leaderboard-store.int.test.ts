import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { createRedis } from '../../src';
import { eventually } from '@warriors/test-support';
import { createMemoryLeaderboardStore, createRedisLeaderboardStore, type LeaderboardStore } from '../../src';
import { rebuildWith, runLeaderboardStoreContract } from './leaderboard-store.contract';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Every key this file writes lives under it; afterAll removes them all. */
const FILE_NAMESPACE = `lbstore-test-${randomBytes(6).toString('hex')}`;
const HOUR = 60 * 60 * 1000;
const EIGHT_DAYS = 8 * 24 * 60 * 60 * 1000;

let redis: Redis;
let namespaces = 0;
const nextNamespace = (): string => `${FILE_NAMESPACE}:${++namespaces}`;

beforeAll(() => {
  redis = createRedis(REDIS_URL);
});

afterAll(async () => {
  await createRedisLeaderboardStore(redis, { namespace: FILE_NAMESPACE }).clear();
  await redis.quit();
});

runLeaderboardStoreContract('redis', async () => {
  const store = createRedisLeaderboardStore(redis, { namespace: nextNamespace() });
  return {
    store,
    cleanup: async () => {
      await store.clear();
      await store.close();
    },
  };
});

async function keysUnder(namespace: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, batch] = await redis.scan(cursor, 'MATCH', `${namespace}:*`, 'COUNT', 1000);
    keys.push(...batch);
    cursor = next;
  } while (cursor !== '0');
  return keys.sort();
}

describe('redis leaderboard store: keys and expiries in Redis', () => {
  let namespace: string;
  let store: LeaderboardStore;

  beforeEach(async () => {
    namespace = nextNamespace();
    store = createRedisLeaderboardStore(redis, { namespace });
    await rebuildWith(store);
  });

  afterEach(async () => {
    await store.clear();
    await store.close();
  });

  it('writes every key under the namespace, with the apply marker and the completeness marker, and leaves no temporary key or lock', async () => {
    await rebuildWith(store, [{ key: 'week', members: [{ member: 'bob', score: 3 }] }], ['event-0']);
    await store.apply('event-1', 'alice', [{ key: 'all', delta: 1 }]);

    expect(await keysUnder(namespace)).toEqual([
      `${namespace}:all`,
      `${namespace}:applied:event-0`,
      `${namespace}:applied:event-1`,
      `${namespace}:boards:complete`,
      `${namespace}:week`,
    ]);
    expect(await redis.zscore(`${namespace}:all`, 'alice')).toBe('1');
  });

  it('notices a flush by itself: the apply script refuses once the completeness marker is gone', async () => {
    await store.apply('event-1', 'alice', [{ key: 'all', delta: 1 }]);
    await redis.unlink(...(await keysUnder(namespace)));

    await expect(store.apply('event-2', 'alice', [{ key: 'all', delta: 1 }])).rejects.toThrow(/leaderboard is unavailable/);
    expect(await store.isComplete()).toBe(false);
    expect(await keysUnder(namespace)).toEqual([]);
  });

  it('writes a rebuild beside the live sets, under a lock another process waits for until its holder releases it or it expires', async () => {
    await store.apply('event-1', 'alice', [{ key: 'all', delta: 1 }]);
    const rebuild = (await store.beginRebuild())!;
    await rebuild.put('all', [{ member: 'bob', score: 2 }]);

    expect(await redis.zscore(`${namespace}:all`, 'alice')).toBe('1');
    expect((await keysUnder(namespace)).filter((key) => key.includes(':rebuild:'))).toHaveLength(1);
    expect(await store.beginRebuild()).toBeNull();
    await rebuild.abort();
    expect(await keysUnder(namespace)).toEqual([`${namespace}:all`, `${namespace}:applied:event-1`]);

    // A holder that died: its lock is not renewed and lapses by itself.
    await redis.set(`${namespace}:boards:rebuilding`, 'a-dead-process', 'PX', 300);
    expect(await store.beginRebuild()).toBeNull();
    const next = await eventually('the dead holder’s lock to lapse', async () => (await store.beginRebuild()) ?? undefined);
    expect(await next.commit()).toBe(true);
    expect(await redis.zscore(`${namespace}:all`, 'alice')).toBeNull();
    expect(await keysUnder(namespace)).toEqual([`${namespace}:applied:event-1`, `${namespace}:boards:complete`]);
  });

  it('keeps the apply marker for 8 days by default, or the TTL given', async () => {
    const shortLived = createRedisLeaderboardStore(redis, { namespace, applyMarkerTtlMs: 60_000 });
    await store.apply('event-1', 'alice', []);
    await shortLived.apply('event-2', 'alice', []);

    const defaultTtl = await redis.pttl(`${namespace}:applied:event-1`);
    expect(defaultTtl).toBeGreaterThan(EIGHT_DAYS - 60_000);
    expect(defaultTtl).toBeLessThanOrEqual(EIGHT_DAYS);
    const givenTtl = await redis.pttl(`${namespace}:applied:event-2`);
    expect(givenTtl).toBeGreaterThan(0);
    expect(givenTtl).toBeLessThanOrEqual(60_000);
    await shortLived.close();
  });

  it('sets a new key to its expireAt, moves it only later, and makes it permanent on a delta without one', async () => {
    const soon = Date.now() + HOUR;
    const later = soon + HOUR;
    await store.apply('event-1', 'alice', [{ key: 'day', delta: 1, expireAt: soon }]);
    expect(await redis.pexpiretime(`${namespace}:day`)).toBe(soon);

    await store.apply('event-2', 'alice', [{ key: 'day', delta: 1, expireAt: later }]);
    await store.apply('event-3', 'alice', [{ key: 'day', delta: 1, expireAt: soon }]);
    expect(await redis.pexpiretime(`${namespace}:day`)).toBe(later);

    await store.apply('event-4', 'alice', [{ key: 'day', delta: 1 }]);
    expect(await redis.pexpiretime(`${namespace}:day`)).toBe(-1);
  });

  it('gives a rebuilt set the expiry asked for, and none when none is asked', async () => {
    const expireAt = Date.now() + HOUR;
    await store.apply('event-1', 'alice', [{ key: 'all', delta: 1, expireAt }]);
    await rebuildWith(store, [
      { key: 'day', members: [{ member: 'alice', score: 1 }], expireAt },
      { key: 'all', members: [{ member: 'alice', score: 2 }] },
    ]);

    expect(await redis.pexpiretime(`${namespace}:day`)).toBe(expireAt);
    expect(await redis.pexpiretime(`${namespace}:all`)).toBe(-1);
  });

  it('rebuilds a set larger than one ZADD batch', async () => {
    const members = Array.from({ length: 2500 }, (_, i) => ({ member: `user-${String(i).padStart(4, '0')}`, score: i % 10 }));

    await rebuildWith(store, [{ key: 'all', members }]);

    expect(await redis.zcard(`${namespace}:all`)).toBe(2500);
    expect(await store.top('all', 2)).toEqual([
      { member: 'user-2499', score: 9 },
      { member: 'user-2489', score: 9 },
    ]);
    expect(await keysUnder(namespace)).toEqual([`${namespace}:all`, `${namespace}:boards:complete`]);
  });

  it('clears only its own namespace, even one with glob characters in it', async () => {
    const odd = createRedisLeaderboardStore(redis, { namespace: `${namespace}:odd[*]?` });
    const sibling = createRedisLeaderboardStore(redis, { namespace: `${namespace}:oddX` });
    await rebuildWith(odd);
    await rebuildWith(sibling);
    await odd.apply('event-1', 'alice', [{ key: 'all', delta: 1 }]);
    await sibling.apply('event-1', 'alice', [{ key: 'all', delta: 1 }]);

    await odd.clear();

    expect(await keysUnder(`${namespace}:odd[*]?`.replace(/[*?[\]]/g, '\\$&'))).toEqual([]);
    expect(await sibling.score('all', 'alice')).toBe(1);
    expect(await keysUnder(`${namespace}:oddX`)).toHaveLength(3);
    await Promise.all([odd.close(), sibling.close()]);
  });

  it('leaves the caller’s client open on close', async () => {
    await store.close();

    expect(await redis.ping()).toBe('PONG');
    expect(await store.isReady()).toBe(true);
  });

  it('is not ready when Redis cannot be reached', async () => {
    const unreachable = new Redis({ port: 1, lazyConnect: true, enableOfflineQueue: false, retryStrategy: () => null });
    const offline = createRedisLeaderboardStore(unreachable, { namespace });

    expect(await offline.isReady()).toBe(false);
    unreachable.disconnect();
  });

  it('refuses a client with a keyPrefix, which SCAN would not apply', () => {
    const prefixed = new Redis({ lazyConnect: true, keyPrefix: 'app:' });

    expect(() => createRedisLeaderboardStore(prefixed, { namespace })).toThrow(/keyPrefix/);
    prefixed.disconnect();
  });
});

describe('redis leaderboard store: the same answers as the in-process store', () => {
  it('agrees on top, rank, score and between after the same random applies and a rebuild', async () => {
    const namespace = nextNamespace();
    const stores = [createMemoryLeaderboardStore(), createRedisLeaderboardStore(redis, { namespace })];
    for (const store of stores) await rebuildWith(store);
    const names = ['a', 'b', 'B', 'ab', 'ä', '\uE000', '\u{1F3C6}', 'z', 'm1', 'm10', 'm2', ''];
    let state = 99;
    const next = (): number => {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      return state / 2 ** 32;
    };
    for (let i = 0; i < 300; i++) {
      const member = names[Math.floor(next() * names.length)]!;
      const deltas = [
        { key: 'all', delta: Math.floor(next() * 7) - 2 },
        { key: 'day', delta: Math.floor(next() * 3), expireAt: Date.now() + HOUR },
      ];
      for (const store of stores) await store.apply(`event-${i % 250}`, member, deltas);
    }
    // A rebuild keeps only the sets it writes: carry 'all' and 'day' over, as a ledger rebuild would.
    for (const store of stores) {
      const kept = await Promise.all(['all', 'day'].map(async (key) => ({ key, members: await store.top(key, 100), expireAt: key === 'day' ? Date.now() + HOUR : undefined })));
      await rebuildWith(store, [...kept, { key: 'rebuilt', members: names.map((member, i) => ({ member, score: i % 3 })) }]);
    }

    const answers = await Promise.all(
      stores.map(async (store) => ({
        top: await Promise.all(['all', 'day', 'rebuilt'].map((key) => store.top(key, 100))),
        ranks: await Promise.all(names.map((member) => store.rank('all', member))),
        scores: await Promise.all(names.map((member) => store.score('day', member))),
        between: await Promise.all([store.between('all', 0, 10), store.between('rebuilt', 0, 2)]),
      })),
    );

    expect(answers[0]!.top[0]).toHaveLength(names.length);
    expect(answers[1]).toEqual(answers[0]);
    await stores[1]!.clear();
    await stores[1]!.close();
  });
});
