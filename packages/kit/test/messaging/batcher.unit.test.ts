import { createBatcher } from '../../src/messaging/batcher';

// The gap is timed by the batcher's setTimeout: the tests move the clock themselves instead of sleeping.
beforeEach(() => {
  jest.useFakeTimers();
});

afterEach(() => {
  jest.useRealTimers();
});

it('flushes the first item at once and the items added meanwhile together', async () => {
  const flushed: number[][] = [];
  let release: () => void = () => {};
  const batcher = createBatcher<number>(async (items) => {
    flushed.push(items);
    if (items[0] === 1) await new Promise<void>((resolve) => (release = resolve));
  });
  const first = batcher.add(1);
  const rest = [batcher.add(2), batcher.add(3), batcher.add(4)];
  expect(flushed).toEqual([[1]]);
  release();
  await Promise.all([first, ...rest]);
  expect(flushed).toEqual([[1], [2, 3, 4]]);
});

it("rejects only the failed flush's callers, and goes on with the next batch", async () => {
  let calls = 0;
  const batcher = createBatcher<string>(async () => {
    calls++;
    if (calls === 1) throw new Error('database down');
  });
  const failed = batcher.add('a');
  const next = batcher.add('b');
  await expect(failed).rejects.toThrow('database down');
  await expect(next).resolves.toBeUndefined();
  await batcher.idle();
  expect(calls).toBe(2);
});

it('caps a flush at maxItems', async () => {
  const sizes: number[] = [];
  const batcher = createBatcher<number>(
    async (items) => {
      sizes.push(items.length);
    },
    { maxItems: 2 },
  );
  await Promise.all([1, 2, 3, 4, 5].map((n) => batcher.add(n)));
  expect(sizes).toEqual([1, 2, 2]);
});

it('with gapMs, gathers what arrives during the gap after a flush, and still flushes a lone item at once', async () => {
  const flushed: number[][] = [];
  const batcher = createBatcher<number>(
    async (items) => {
      flushed.push(items);
    },
    { gapMs: 50 },
  );
  await batcher.add(1);
  expect(flushed).toEqual([[1]]);
  // Added during the gap after the first flush: they wait for its end and go together.
  const during = [batcher.add(2), batcher.add(3)];
  await jest.advanceTimersByTimeAsync(10);
  const later = batcher.add(4);
  await jest.advanceTimersByTimeAsync(39);
  expect(flushed).toEqual([[1]]);
  await jest.advanceTimersByTimeAsync(1);
  await Promise.all([...during, later]);
  expect(flushed).toEqual([[1], [2, 3, 4]]);
  const idle = batcher.idle();
  await jest.advanceTimersByTimeAsync(50);
  await idle;
  // Idle again (the gap over): the next item goes at once.
  const lone = batcher.add(5);
  expect(flushed).toEqual([[1], [2, 3, 4], [5]]);
  await lone;
});
