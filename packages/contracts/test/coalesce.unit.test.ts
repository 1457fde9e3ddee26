import { createCoalescer } from '@warriors/contracts';

const GAP = 1_000;

/** Notifies at each of `times` (ms from now) and answers the times `run` ran at, after everything settled. */
function runsFor(times: number[], settle: boolean): number[] {
  const runs: number[] = [];
  const start = Date.now();
  const coalescer = createCoalescer(() => runs.push(Date.now() - start), { gapMs: GAP, settle });
  for (const at of times) setTimeout(() => coalescer.notify(), at);
  jest.advanceTimersByTime(Math.max(...times) + 5 * GAP);
  coalescer.stop();
  return runs;
}

describe('createCoalescer', () => {
  beforeEach(() => jest.useFakeTimers({ now: new Date('2026-03-02T15:00:00Z') }));
  afterEach(() => jest.useRealTimers());

  it('runs at once for a change after a quiet gap, and not again without another change', () => {
    expect(runsFor([0], false)).toEqual([0]);
  });

  it('runs a burst at its start and at the end of each gap that had a change, never twice within a gap', () => {
    const burst = Array.from({ length: 50 }, (_, i) => i * 50);
    expect(runsFor(burst, false)).toEqual([0, 1_000, 2_000, 3_000]);
  });

  it('runs after the last change even when it comes just before the gap ends', () => {
    expect(runsFor([0, 999], false)).toEqual([0, 1_000]);
  });

  it('settling: runs a whole gap after every change, once more after the leading run', () => {
    expect(runsFor([0], true)).toEqual([0, 1_000]);
    expect(runsFor([0, 999], true)).toEqual([0, 1_000, 2_000]);
  });

  it('settling keeps to one run a gap however many changes come', () => {
    const runs = runsFor(
      Array.from({ length: 50 }, (_, i) => i * 50),
      true,
    );
    expect(runs).toEqual([0, 1_000, 2_000, 3_000, 4_000]);
  });

  it('runs nothing once stopped', () => {
    const run = jest.fn();
    const coalescer = createCoalescer(run, { gapMs: GAP, settle: true });
    coalescer.notify();
    coalescer.notify();
    coalescer.stop();
    jest.advanceTimersByTime(5 * GAP);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
