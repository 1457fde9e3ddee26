import { createMemoryLeaderboardStore, type LeaderboardStore, type MemoryLeaderboardStoreOptions, type ScoredMember } from '../../src';
import { rebuildWith, runLeaderboardStoreContract, type RebuiltSet } from './leaderboard-store.contract';

runLeaderboardStoreContract('memory', async () => ({
  store: createMemoryLeaderboardStore(),
  cleanup: async () => undefined,
}));

/** A store whose boards are complete: empty, or rebuilt to `sets`. */
async function completeStore(options: MemoryLeaderboardStoreOptions = {}, sets: RebuiltSet[] = []): Promise<LeaderboardStore> {
  const store = createMemoryLeaderboardStore(options);
  await rebuildWith(store, sets);
  return store;
}

const T0 = Date.parse('2025-03-01T12:00:00.000Z');

function manualClock(): { now: () => number; at(ms: number): void } {
  let current = T0;
  return {
    now: () => current,
    at: (ms) => {
      current = ms;
    },
  };
}

/** Redis' order spelled the slow, obvious way: score descending, then member bytes descending. */
function redisOrder(members: ScoredMember[]): ScoredMember[] {
  return [...members].sort((a, b) => b.score - a.score || Buffer.compare(Buffer.from(b.member), Buffer.from(a.member)));
}

/** A small seeded generator, so that a failure reproduces. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32;
  };
}

describe('memory leaderboard store: expiry against its clock', () => {
  it('keeps a key up to and including its expiry, then drops it', async () => {
    const clock = manualClock();
    const store = await completeStore({ now: clock.now });
    await store.apply('event-1', 'alice', [{ key: 'day', delta: 10, expireAt: T0 + 1000 }]);

    clock.at(T0 + 1000);
    expect(await store.score('day', 'alice')).toBe(10);

    clock.at(T0 + 1001);
    expect(await store.score('day', 'alice')).toBeNull();
    expect(await store.rank('day', 'alice')).toBeNull();
    expect(await store.top('day', 10)).toEqual([]);
    expect(await store.between('day', 0, 100)).toEqual([]);
  });

  it('starts an expired key afresh on the next apply', async () => {
    const clock = manualClock();
    const store = await completeStore({ now: clock.now });
    await store.apply('event-1', 'alice', [{ key: 'day', delta: 10, expireAt: T0 + 1000 }]);

    clock.at(T0 + 2000);
    await store.apply('event-2', 'alice', [{ key: 'day', delta: 3, expireAt: T0 + 3000 }]);

    expect(await store.score('day', 'alice')).toBe(3);
  });

  it('moves an expiry later but never earlier', async () => {
    const clock = manualClock();
    const store = await completeStore({ now: clock.now });
    await store.apply('event-1', 'alice', [{ key: 'day', delta: 1, expireAt: T0 + 1000 }]);
    await store.apply('event-2', 'alice', [{ key: 'day', delta: 1, expireAt: T0 + 5000 }]);
    await store.apply('event-3', 'alice', [{ key: 'day', delta: 1, expireAt: T0 + 2000 }]);

    clock.at(T0 + 4000);
    expect(await store.score('day', 'alice')).toBe(3);

    clock.at(T0 + 5001);
    expect(await store.score('day', 'alice')).toBeNull();
  });

  it('makes a key permanent when a delta brings no expiry', async () => {
    const clock = manualClock();
    const store = await completeStore({ now: clock.now });
    await store.apply('event-1', 'alice', [
      { key: 'mixed', delta: 1, expireAt: T0 + 1000 },
      { key: 'mixed', delta: 1 },
    ]);

    clock.at(T0 + 10 * 24 * 60 * 60 * 1000);
    expect(await store.score('mixed', 'alice')).toBe(2);
  });

  it('expires a rebuilt set at the expiry given, and keeps one rebuilt without', async () => {
    const clock = manualClock();
    const store = await completeStore({ now: clock.now }, [
      { key: 'day', members: [{ member: 'alice', score: 4 }], expireAt: T0 + 1000 },
      { key: 'all', members: [{ member: 'alice', score: 4 }] },
    ]);

    clock.at(T0 + 1001);
    expect(await store.top('day', 10)).toEqual([]);
    expect(await store.top('all', 10)).toEqual([{ member: 'alice', score: 4 }]);
  });
});

describe('memory leaderboard store: apply markers against its clock', () => {
  it('refuses a repeated applyId until the marker TTL has passed, then counts it again', async () => {
    const clock = manualClock();
    const store = await completeStore({ now: clock.now, applyMarkerTtlMs: 1000 });
    expect(await store.apply('event-1', 'alice', [{ key: 'all', delta: 10 }])).toBe(true);

    clock.at(T0 + 1000);
    expect(await store.apply('event-1', 'alice', [{ key: 'all', delta: 10 }])).toBe(false);

    clock.at(T0 + 1001);
    expect(await store.apply('event-1', 'alice', [{ key: 'all', delta: 10 }])).toBe(true);
    expect(await store.score('all', 'alice')).toBe(20);
  });

  it('keeps the markers of later events while it drops the expired ones', async () => {
    const clock = manualClock();
    const store = await completeStore({ now: clock.now, applyMarkerTtlMs: 1000 });
    await store.apply('early', 'alice', [{ key: 'all', delta: 1 }]);
    clock.at(T0 + 500);
    await store.apply('late', 'alice', [{ key: 'all', delta: 1 }]);

    clock.at(T0 + 1200);
    expect(await store.apply('late', 'alice', [{ key: 'all', delta: 1 }])).toBe(false);
    expect(await store.apply('early', 'alice', [{ key: 'all', delta: 1 }])).toBe(true);
  });

  it('defaults the marker TTL to 8 days', async () => {
    const clock = manualClock();
    const store = await completeStore({ now: clock.now });
    const eightDays = 8 * 24 * 60 * 60 * 1000;
    await store.apply('event-1', 'alice', [{ key: 'all', delta: 1 }]);

    clock.at(T0 + eightDays);
    expect(await store.apply('event-1', 'alice', [{ key: 'all', delta: 1 }])).toBe(false);
    clock.at(T0 + eightDays + 1);
    expect(await store.apply('event-1', 'alice', [{ key: 'all', delta: 1 }])).toBe(true);
  });

  it('refuses a marker TTL that is not a whole positive number of ms', () => {
    expect(() => createMemoryLeaderboardStore({ applyMarkerTtlMs: 0 })).toThrow(RangeError);
    expect(() => createMemoryLeaderboardStore({ applyMarkerTtlMs: 1.5 })).toThrow(RangeError);
  });
});

describe('memory leaderboard store: order under many updates', () => {
  it('agrees with a plain sort in Redis order after random increments, ties and all', async () => {
    const next = random(42);
    const store = await completeStore();
    const names = ['a', 'b', 'B', 'ab', 'ä', '\uE000', '\u{1F3C6}', 'z', 'zz', 'm1', 'm10', 'm2'];
    const model = new Map<string, number>();
    for (let i = 0; i < 2000; i++) {
      const member = names[Math.floor(next() * names.length)]!;
      const delta = Math.floor(next() * 7) - 2;
      await store.apply(`event-${i}`, member, [{ key: 'all', delta }]);
      model.set(member, (model.get(member) ?? 0) + delta);
    }
    const expected = redisOrder([...model].map(([member, score]) => ({ member, score })));

    expect(await store.top('all', names.length)).toEqual(expected);
    for (const [rank, { member }] of expected.entries()) expect(await store.rank('all', member)).toBe(rank);
    const [low, high] = [expected[expected.length - 1]!.score, expected[0]!.score];
    const middle = Math.floor((low + high) / 2);
    expect(await store.between('all', middle, high)).toEqual(expected.filter((m) => m.score > middle && m.score < high));
  });

  it('handles 100k members in one set: rebuild, 5k increments, top and rank', async () => {
    const next = random(7);
    const members = Array.from({ length: 100_000 }, (_, i) => ({ member: `user-${i}`, score: Math.floor(next() * 1000) }));

    const store = await completeStore({}, [{ key: 'all', members }]);
    for (let i = 0; i < 5000; i++) {
      const target = members[Math.floor(next() * members.length)]!;
      await store.apply(`event-${i}`, target.member, [{ key: 'all', delta: 10 }]);
      target.score += 10;
    }
    const expected = redisOrder(members);

    expect(await store.top('all', 20)).toEqual(expected.slice(0, 20));
    for (const rank of [0, 1, 999, 50_000, 99_999]) expect(await store.rank('all', expected[rank]!.member)).toBe(rank);
  });
});
