import { isDependencyFailure } from '../../src';
import type { LeaderboardStore, ScoredMember } from '../../src';

export interface ContractSubject {
  store: LeaderboardStore;
  cleanup(): Promise<void>;
}

const HOUR = 60 * 60 * 1000;

export interface RebuiltSet {
  key: string;
  members: ScoredMember[];
  expireAt?: number;
}

/** Rebuilds the store's boards to exactly `sets` (none: empty but complete), as the ledger rebuild does. */
export async function rebuildWith(store: LeaderboardStore, sets: RebuiltSet[] = [], appliedIds: string[] = []): Promise<void> {
  const rebuild = await store.beginRebuild();
  if (rebuild === null) throw new Error('another rebuild holds the store');
  await rebuild.markApplied(appliedIds);
  for (const { key, members, expireAt } of sets) await rebuild.put(key, members, expireAt);
  if (!(await rebuild.commit())) throw new Error('the rebuild lost the store');
}

/** Whether a promise fails the way an unreachable or incomplete store fails: a dependency failure. */
async function refused(pending: Promise<unknown>): Promise<boolean> {
  try {
    await pending;
    return false;
  } catch (err) {
    return isDependencyFailure(err);
  }
}

/**
 * Members with equal scores, listed in the order Redis gives them (member bytes descending). The
 * astral character and U+E000 sort the other way round under JavaScript's default string order.
 */
const TIED_IN_REDIS_ORDER = ['\u{1F3C6}', '\uE000', 'ä', 'b', 'a10', 'a1', 'a', 'B'];

/**
 * The behaviour every LeaderboardStore adapter must share. Expiries are set relative to the real
 * clock, far enough either side of it that neither adapter can judge them differently.
 */
export function runLeaderboardStoreContract(name: string, make: () => Promise<ContractSubject>): void {
  describe(`LeaderboardStore contract: ${name}`, () => {
    let subject: ContractSubject;
    let store: LeaderboardStore;

    beforeEach(async () => {
      subject = await make();
      store = subject.store;
      await rebuildWith(store);
    });

    afterEach(async () => {
      await subject.cleanup();
    });

    const future = (): number => Date.now() + HOUR;
    const past = (): number => Date.now() - HOUR;

    describe('apply', () => {
      it('adds the delta to every key and answers true', async () => {
        const applied = await store.apply('event-1', 'alice', [
          { key: 'all', delta: 10 },
          { key: 'day:2025-03-01', delta: 10, expireAt: future() },
          { key: 'week:2025-03-01', delta: 10, expireAt: future() },
        ]);

        expect(applied).toBe(true);
        expect(await store.score('all', 'alice')).toBe(10);
        expect(await store.score('day:2025-03-01', 'alice')).toBe(10);
        expect(await store.score('week:2025-03-01', 'alice')).toBe(10);
      });

      it('counts an applyId once: the repeat answers false and changes nothing, even with other deltas', async () => {
        expect(await store.apply('event-1', 'alice', [{ key: 'all', delta: 10 }])).toBe(true);
        expect(await store.apply('event-1', 'alice', [{ key: 'all', delta: 10 }])).toBe(false);
        expect(await store.apply('event-1', 'bob', [{ key: 'other', delta: 3 }])).toBe(false);

        expect(await store.score('all', 'alice')).toBe(10);
        expect(await store.score('other', 'bob')).toBeNull();
      });

      it('adds up different applyIds, negative deltas included', async () => {
        await store.apply('event-1', 'alice', [{ key: 'all', delta: 10 }]);
        await store.apply('event-2', 'alice', [{ key: 'all', delta: 5 }]);
        await store.apply('event-3', 'alice', [{ key: 'all', delta: -3 }]);
        await store.apply('event-4', 'bob', [{ key: 'all', delta: 4 }]);

        expect(await store.score('all', 'alice')).toBe(12);
        expect(await store.score('all', 'bob')).toBe(4);
      });

      it('adds a key listed twice in one apply twice', async () => {
        await store.apply('event-1', 'alice', [
          { key: 'all', delta: 2 },
          { key: 'all', delta: 3 },
        ]);

        expect(await store.score('all', 'alice')).toBe(5);
      });

      it('writes nothing when one delta is invalid, and leaves the applyId unused', async () => {
        await expect(
          store.apply('event-1', 'alice', [
            { key: 'all', delta: 10 },
            { key: 'day', delta: Number.NaN },
          ]),
        ).rejects.toThrow(RangeError);
        await expect(store.apply('event-1', 'alice', [{ key: 'day', delta: 1, expireAt: 1.5 }])).rejects.toThrow(RangeError);

        expect(await store.score('all', 'alice')).toBeNull();
        expect(await store.apply('event-1', 'alice', [{ key: 'all', delta: 10 }])).toBe(true);
        expect(await store.score('all', 'alice')).toBe(10);
      });

      it('refuses the key names reserved for its own bookkeeping', async () => {
        await expect(store.apply('event-1', 'alice', [{ key: 'applied:event-2', delta: 1 }])).rejects.toThrow(RangeError);
        await expect(store.apply('event-1', 'alice', [{ key: 'boards:complete', delta: 1 }])).rejects.toThrow(RangeError);
        const rebuild = (await store.beginRebuild())!;
        await expect(rebuild.put('rebuild:x', [{ member: 'alice', score: 1 }])).rejects.toThrow(RangeError);
        await rebuild.abort();
        await expect(store.top('', 1)).rejects.toThrow(RangeError);
      });

      it('counts 50 parallel applies with distinct ids 50 times', async () => {
        const results = await Promise.all(Array.from({ length: 50 }, (_, i) => store.apply(`event-${i}`, 'alice', [{ key: 'all', delta: 7 }])));

        expect(results.every((applied) => applied)).toBe(true);
        expect(await store.score('all', 'alice')).toBe(350);
      });

      it('counts 50 parallel applies with the same id once', async () => {
        const results = await Promise.all(
          Array.from({ length: 50 }, () =>
            store.apply('event-1', 'alice', [
              { key: 'all', delta: 7 },
              { key: 'day', delta: 7, expireAt: future() },
            ]),
          ),
        );

        expect(results.filter((applied) => applied)).toHaveLength(1);
        expect(await store.score('all', 'alice')).toBe(7);
        expect(await store.score('day', 'alice')).toBe(7);
      });
    });

    describe('applyAll', () => {
      it('applies every entry in one call and answers each outcome in order', async () => {
        const applied = await store.applyAll([
          { applyId: 'event-1', member: 'alice', deltas: [{ key: 'all', delta: 10 }] },
          {
            applyId: 'event-2',
            member: 'bob',
            deltas: [
              { key: 'all', delta: 4 },
              { key: 'day', delta: 4, expireAt: future() },
            ],
          },
          {
            applyId: 'event-3',
            member: 'alice',
            deltas: [
              { key: 'all', delta: 1 },
              { key: 'day', delta: 1, expireAt: future() },
            ],
          },
        ]);

        expect(applied).toEqual([true, true, true]);
        expect(await store.top('all', 10)).toEqual([
          { member: 'alice', score: 11 },
          { member: 'bob', score: 4 },
        ]);
        expect(await store.score('day', 'alice')).toBe(1);
        expect(await store.score('day', 'bob')).toBe(4);
      });

      it('counts an id applied before, or repeated later in the call, once', async () => {
        expect(await store.apply('event-1', 'alice', [{ key: 'all', delta: 10 }])).toBe(true);

        const applied = await store.applyAll([
          { applyId: 'event-1', member: 'alice', deltas: [{ key: 'all', delta: 10 }] },
          { applyId: 'event-2', member: 'alice', deltas: [{ key: 'all', delta: 5 }] },
          { applyId: 'event-2', member: 'bob', deltas: [{ key: 'all', delta: 5 }] },
          { applyId: 'event-3', member: 'bob', deltas: [] },
        ]);

        expect(applied).toEqual([false, true, false, true]);
        expect(await store.score('all', 'alice')).toBe(15);
        expect(await store.score('all', 'bob')).toBeNull();
        expect(await store.applyAll([{ applyId: 'event-3', member: 'bob', deltas: [{ key: 'all', delta: 1 }] }])).toEqual([false]);
        expect(await store.applyAll([])).toEqual([]);
      });

      it('writes nothing when one entry is invalid, and leaves every id unused', async () => {
        await expect(
          store.applyAll([
            { applyId: 'event-1', member: 'alice', deltas: [{ key: 'all', delta: 10 }] },
            { applyId: 'event-2', member: 'bob', deltas: [{ key: 'boards:complete', delta: 1 }] },
          ]),
        ).rejects.toThrow(RangeError);
        await expect(store.applyAll([{ applyId: '', member: 'alice', deltas: [] }])).rejects.toThrow(RangeError);

        expect(await store.score('all', 'alice')).toBeNull();
        expect(await store.applyAll([{ applyId: 'event-1', member: 'alice', deltas: [{ key: 'all', delta: 10 }] }])).toEqual([true]);
      });

      it('is refused whole while the boards are incomplete, and counts each id once after the rebuild', async () => {
        const rebuild = (await store.beginRebuild())!;
        const entries = [
          { applyId: 'event-1', member: 'alice', deltas: [{ key: 'all', delta: 3 }] },
          { applyId: 'event-2', member: 'bob', deltas: [{ key: 'all', delta: 2 }] },
        ];

        expect(await refused(store.applyAll(entries))).toBe(true);
        await rebuild.markApplied(['event-2']);
        expect(await rebuild.commit()).toBe(true);

        expect(await store.applyAll(entries)).toEqual([true, false]);
        expect(await store.top('all', 10)).toEqual([{ member: 'alice', score: 3 }]);
      });

      it('sets expiries as apply does: a key new in the call takes its expiry, a later one only pushes it later', async () => {
        await store.applyAll([
          { applyId: 'event-1', member: 'alice', deltas: [{ key: 'old-day', delta: 1, expireAt: past() }] },
          { applyId: 'event-2', member: 'alice', deltas: [{ key: 'day', delta: 1, expireAt: future() }] },
          { applyId: 'event-3', member: 'bob', deltas: [{ key: 'day', delta: 2, expireAt: past() }] },
        ]);

        expect(await store.top('old-day', 10)).toEqual([]);
        expect(await store.top('day', 10)).toEqual([
          { member: 'bob', score: 2 },
          { member: 'alice', score: 1 },
        ]);
      });
    });

    describe('remove', () => {
      it('takes one member off one set and leaves the rest', async () => {
        await store.apply('r1', 'alice', [
          { key: 'challenge:1', delta: 5 },
          { key: 'challenge:2', delta: 5 },
        ]);
        await store.apply('r2', 'bob', [{ key: 'challenge:1', delta: 3 }]);
        expect(await store.remove('challenge:1', 'alice')).toBe(true);
        expect(await store.top('challenge:1', 10)).toEqual([{ member: 'bob', score: 3 }]);
        expect(await store.score('challenge:2', 'alice')).toBe(5);
        expect(await store.remove('challenge:1', 'alice')).toBe(false);
        expect(await store.remove('challenge:9', 'alice')).toBe(false);
      });

      it('empties a set when its last member goes, and a later apply starts from zero', async () => {
        await store.apply('r3', 'alice', [{ key: 'challenge:3', delta: 7 }]);
        await store.remove('challenge:3', 'alice');
        expect(await store.top('challenge:3', 10)).toEqual([]);
        await store.apply('r4', 'alice', [{ key: 'challenge:3', delta: 2 }]);
        expect(await store.score('challenge:3', 'alice')).toBe(2);
      });

      it('refuses a reserved key', async () => {
        await expect(store.remove('boards:complete', 'alice')).rejects.toThrow(RangeError);
      });
    });

    describe('reads', () => {
      async function seed(key: string, members: ScoredMember[]): Promise<void> {
        for (const [i, { member, score }] of members.entries()) {
          await store.apply(`seed-${key}-${i}`, member, [{ key, delta: score }]);
        }
      }

      it('orders top by score, highest first, and equal scores by member descending as Redis does', async () => {
        await seed('all', [{ member: 'low', score: 1 }, ...[...TIED_IN_REDIS_ORDER].reverse().map((member) => ({ member, score: 5 })), { member: 'high', score: 9 }]);

        expect(await store.top('all', 100)).toEqual([{ member: 'high', score: 9 }, ...TIED_IN_REDIS_ORDER.map((member) => ({ member, score: 5 })), { member: 'low', score: 1 }]);
        expect(await store.top('all', 2)).toEqual([
          { member: 'high', score: 9 },
          { member: TIED_IN_REDIS_ORDER[0], score: 5 },
        ]);
        expect(await store.top('all', 0)).toEqual([]);
        expect(await store.top('missing', 5)).toEqual([]);
        await expect(store.top('all', -1)).rejects.toThrow(RangeError);
      });

      it('ranks 0-based in the order of top, and moves a member when its score changes', async () => {
        await seed('all', [
          { member: 'alice', score: 10 },
          { member: 'bob', score: 20 },
          { member: 'carol', score: 10 },
        ]);

        expect(await store.rank('all', 'bob')).toBe(0);
        expect(await store.rank('all', 'carol')).toBe(1);
        expect(await store.rank('all', 'alice')).toBe(2);

        await store.apply('event-up', 'alice', [{ key: 'all', delta: 15 }]);

        expect(await store.rank('all', 'alice')).toBe(0);
        expect(await store.rank('all', 'bob')).toBe(1);
        expect(await store.score('all', 'alice')).toBe(25);
      });

      it('answers null for the rank and score of a missing member or key', async () => {
        await seed('all', [{ member: 'alice', score: 10 }]);

        expect(await store.rank('all', 'nobody')).toBeNull();
        expect(await store.score('all', 'nobody')).toBeNull();
        expect(await store.rank('missing', 'alice')).toBeNull();
        expect(await store.score('missing', 'alice')).toBeNull();
      });

      it('answers a score of 0 as 0, not as missing', async () => {
        await store.apply('event-1', 'alice', [{ key: 'all', delta: 0 }]);

        expect(await store.score('all', 'alice')).toBe(0);
        expect(await store.rank('all', 'alice')).toBe(0);
      });

      it('keeps between to scores strictly inside the bounds, highest first', async () => {
        await seed('all', [
          { member: 'a', score: 10 },
          { member: 'b', score: 20 },
          { member: 'c', score: 20 },
          { member: 'd', score: 30 },
          { member: 'e', score: 40 },
        ]);

        expect(await store.between('all', 10, 40)).toEqual([
          { member: 'd', score: 30 },
          { member: 'c', score: 20 },
          { member: 'b', score: 20 },
        ]);
        expect(await store.between('all', 20, 30)).toEqual([]);
        expect(await store.between('all', 19, 21)).toEqual([
          { member: 'c', score: 20 },
          { member: 'b', score: 20 },
        ]);
        expect(await store.between('all', 30, 10)).toEqual([]);
        expect((await store.between('all', -Infinity, Infinity)).map((m) => m.member)).toEqual(['e', 'd', 'c', 'b', 'a']);
        expect(await store.between('missing', 0, 100)).toEqual([]);
      });
    });

    describe('rebuild', () => {
      it('swaps in every set at once at the commit, ordered like the incremental path, and drops the sets it did not write', async () => {
        await store.apply('event-1', 'stale', [{ key: 'all', delta: 99 }]);
        await store.apply('event-2', 'stale', [{ key: 'gone', delta: 1 }]);
        const rebuild = (await store.beginRebuild())!;
        await rebuild.put('all', [...[...TIED_IN_REDIS_ORDER].reverse().map((member) => ({ member, score: 5 })), { member: 'top', score: 50 }]);
        await rebuild.put('week', [{ member: 'bob', score: 3 }], future());

        expect(await rebuild.commit()).toBe(true);
        expect(await store.score('all', 'stale')).toBeNull();
        expect(await store.top('gone', 10)).toEqual([]);
        expect(await store.top('all', 100)).toEqual([{ member: 'top', score: 50 }, ...TIED_IN_REDIS_ORDER.map((member) => ({ member, score: 5 }))]);
        expect(await store.rank('all', TIED_IN_REDIS_ORDER[1]!)).toBe(2);
        expect(await store.top('week', 10)).toEqual([{ member: 'bob', score: 3 }]);
      });

      it('writes a set that sums sets it put (a member listed twice counting its last score), skips sources it did not put, and writes no empty sum', async () => {
        const rebuild = (await store.beginRebuild())!;
        await rebuild.put('day:1', [
          { member: 'alice', score: 4 },
          { member: 'bob', score: 1 },
          { member: 'bob', score: 2 },
        ]);
        await rebuild.put('day:2', [{ member: 'alice', score: 3 }], future());
        await rebuild.put('day:empty', []);
        await rebuild.putSum('week', ['day:1', 'day:2', 'day:never-put'], future());
        await rebuild.putSum('nothing', ['day:empty', 'day:never-put'], future());

        expect(await rebuild.commit()).toBe(true);
        expect(await store.top('week', 10)).toEqual([
          { member: 'alice', score: 7 },
          { member: 'bob', score: 2 },
        ]);
        expect(await store.top('day:1', 10)).toEqual([
          { member: 'alice', score: 4 },
          { member: 'bob', score: 2 },
        ]);
        expect(await store.top('nothing', 10)).toEqual([]);
        expect(await store.apply('event-1', 'bob', [{ key: 'week', delta: 1, expireAt: future() }])).toBe(true);
        expect(await store.score('week', 'bob')).toBe(3);
      });

      it('refuses a sum with an invalid key or expiry', async () => {
        const rebuild = (await store.beginRebuild())!;
        await expect(rebuild.putSum('rebuild:x', ['day:1'])).rejects.toThrow(RangeError);
        await expect(rebuild.putSum('week', ['rebuild:x'])).rejects.toThrow(RangeError);
        await expect(rebuild.putSum('week', ['day:1'], 1.5)).rejects.toThrow(RangeError);
        await rebuild.abort();
      });

      it('keeps the last score of a member listed twice, and writes no set for no members', async () => {
        await rebuildWith(store, [
          {
            key: 'all',
            members: [
              { member: 'alice', score: 1 },
              { member: 'alice', score: 3 },
            ],
          },
          { key: 'empty', members: [] },
        ]);

        expect(await store.top('all', 10)).toEqual([{ member: 'alice', score: 3 }]);
        expect(await store.top('empty', 10)).toEqual([]);
      });

      it('refuses applies and reads from its start to its commit, then lets later applies add to the new sets', async () => {
        const rebuild = (await store.beginRebuild())!;
        await rebuild.put('all', [{ member: 'alice', score: 10 }], future());

        expect(await store.isComplete()).toBe(false);
        expect(await store.isReady()).toBe(false);
        expect(await refused(store.apply('event-1', 'alice', [{ key: 'all', delta: 5 }]))).toBe(true);
        expect(await refused(store.top('all', 10))).toBe(true);
        expect(await rebuild.commit()).toBe(true);

        expect(await store.isComplete()).toBe(true);
        expect(await store.apply('event-1', 'alice', [{ key: 'all', delta: 5, expireAt: future() }])).toBe(true);
        expect(await store.score('all', 'alice')).toBe(15);
      });

      it('counts the ids it marks applied as already in its sets: applying one later adds nothing', async () => {
        await rebuildWith(store, [{ key: 'all', members: [{ member: 'alice', score: 10 }] }], ['event-1']);

        expect(await store.apply('event-1', 'alice', [{ key: 'all', delta: 10 }])).toBe(false);
        expect(await store.apply('event-2', 'alice', [{ key: 'all', delta: 10 }])).toBe(true);
        expect(await store.score('all', 'alice')).toBe(20);
      });

      it('lets one rebuild hold the store at a time; an aborted one leaves it incomplete and free', async () => {
        const first = (await store.beginRebuild())!;

        expect(await store.beginRebuild()).toBeNull();
        await first.put('all', [{ member: 'alice', score: 1 }]);
        await first.abort();
        expect(await store.isComplete()).toBe(false);
        expect(await refused(store.apply('event-1', 'alice', [{ key: 'all', delta: 1 }]))).toBe(true);

        await rebuildWith(store);
        expect(await store.top('all', 10)).toEqual([]);
      });

      it('fails to commit once the store was cleared under it (a flush), and swaps nothing in', async () => {
        const rebuild = (await store.beginRebuild())!;
        await rebuild.put('all', [{ member: 'alice', score: 1 }]);

        await store.clear();

        expect(await rebuild.commit()).toBe(false);
        expect(await store.isComplete()).toBe(false);
        await rebuildWith(store);
        expect(await store.top('all', 10)).toEqual([]);
      });
    });

    describe('expiry', () => {
      it('drops a new key whose expiry has passed, while the apply still counts', async () => {
        expect(
          await store.apply('event-1', 'alice', [
            { key: 'old-day', delta: 10, expireAt: past() },
            { key: 'all', delta: 10 },
          ]),
        ).toBe(true);

        expect(await store.score('old-day', 'alice')).toBeNull();
        expect(await store.top('old-day', 10)).toEqual([]);
        expect(await store.score('all', 'alice')).toBe(10);
        expect(await store.apply('event-1', 'alice', [{ key: 'all', delta: 10 }])).toBe(false);
      });

      it('keeps the latest expiry given for a key', async () => {
        await store.apply('event-1', 'alice', [{ key: 'day', delta: 10, expireAt: future() }]);
        await store.apply('event-2', 'alice', [{ key: 'day', delta: 5, expireAt: past() }]);

        expect(await store.score('day', 'alice')).toBe(15);
      });

      it('keeps a key that has no expiry, whatever expiry a later delta brings', async () => {
        await store.apply('event-1', 'alice', [{ key: 'all', delta: 10 }]);
        await store.apply('event-2', 'alice', [{ key: 'all', delta: 5, expireAt: past() }]);

        expect(await store.score('all', 'alice')).toBe(15);
      });

      it('applies the expiry given to a rebuilt set', async () => {
        await rebuildWith(store, [
          { key: 'gone', members: [{ member: 'alice', score: 1 }], expireAt: past() },
          { key: 'kept', members: [{ member: 'alice', score: 1 }], expireAt: future() },
        ]);

        expect(await store.top('gone', 10)).toEqual([]);
        expect(await store.top('kept', 10)).toEqual([{ member: 'alice', score: 1 }]);
      });
    });

    describe('clear', () => {
      it('removes every set and every apply marker, and leaves the boards incomplete until a rebuild', async () => {
        await store.apply('event-1', 'alice', [
          { key: 'all', delta: 10 },
          { key: 'day', delta: 10, expireAt: future() },
        ]);

        await store.clear();

        expect(await store.isComplete()).toBe(false);
        expect(await store.isReady()).toBe(false);
        expect(await refused(store.apply('event-2', 'alice', [{ key: 'all', delta: 4 }]))).toBe(true);
        expect(await refused(store.score('all', 'alice'))).toBe(true);
        await rebuildWith(store);
        expect(await store.top('all', 10)).toEqual([]);
        expect(await store.top('day', 10)).toEqual([]);
        expect(await store.apply('event-1', 'alice', [{ key: 'all', delta: 4 }])).toBe(true);
        expect(await store.score('all', 'alice')).toBe(4);
      });
    });

    it('is complete and ready once rebuilt', async () => {
      expect(await store.isComplete()).toBe(true);
      expect(await store.isReady()).toBe(true);
    });
  });

  describe(`LeaderboardStore contract: ${name}, new`, () => {
    it('starts incomplete: applies and reads refused with a dependency failure until a rebuild commits', async () => {
      const subject = await make();
      try {
        const { store } = subject;
        expect(await store.isComplete()).toBe(false);
        expect(await store.isReady()).toBe(false);
        expect(await refused(store.apply('event-1', 'alice', [{ key: 'all', delta: 1 }]))).toBe(true);
        expect(await refused(store.top('all', 1))).toBe(true);

        await rebuildWith(store);

        expect(await store.apply('event-1', 'alice', [{ key: 'all', delta: 1 }])).toBe(true);
        expect(await store.top('all', 1)).toEqual([{ member: 'alice', score: 1 }]);
      } finally {
        await subject.cleanup();
      }
    });
  });
}
