export interface CoalescerOptions {
  /** The shortest time between two runs. */
  gapMs: number;
  /**
   * Also run once a whole gap after the last change, even when no change followed it: for readers of
   * answers cached up to gapMs, whose first run may still have met the answer from before the change.
   */
  settle: boolean;
}

export interface Coalescer {
  /** Something changed: run now when idle, else at the end of the running gap. */
  notify(): void;
  /** Drops what is due: nothing runs after this. */
  stop(): void;
}

/**
 * Runs `run` for a stream of changes at most once a gap: at once for the first change after a quiet
 * gap (the leading edge, for speed), then at the end of each gap in which a change came (the trailing
 * edge, so the last change is never missed). Only timers, no clock: the gap is measured by them.
 */
export function createCoalescer(run: () => void, { gapMs, settle }: CoalescerOptions): Coalescer {
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** Run at the end of the running gap. */
  let dueNext = false;
  /** Run at the end of the gap after it (a settling run for a change inside the running gap). */
  let dueAfter = false;

  const tick = () => {
    if (!dueNext) {
      timer = undefined;
      return;
    }
    dueNext = dueAfter;
    dueAfter = false;
    timer = setTimeout(tick, gapMs);
    run();
  };

  return {
    notify() {
      if (timer === undefined) {
        dueNext = settle;
        timer = setTimeout(tick, gapMs);
        run();
        return;
      }
      dueNext = true;
      if (settle) dueAfter = true;
    },
    stop() {
      clearTimeout(timer);
      timer = undefined;
      dueNext = false;
      dueAfter = false;
    },
  };
}
