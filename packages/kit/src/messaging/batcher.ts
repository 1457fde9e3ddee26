/**
 * Groups work that many concurrent requests each ask for into one statement: while a flush runs,
 * new items wait and go together in the next one. Under load a flush carries many items (one round
 * trip for all); alone, an item goes at once. Each caller's promise settles with its own flush.
 */
export interface Batcher<T> {
  add(item: T): Promise<void>;
  /** Resolves when everything added so far has been flushed (or failed). */
  idle(): Promise<void>;
}

export interface BatcherOptions {
  /** Most items in one flush. */
  maxItems?: number;
  /**
   * After a flush, the next one waits this long (unless maxItems are already waiting), so that under
   * load each flush carries more items: fewer statements for a few ms of latency. An item added to
   * an idle batcher still goes at once.
   */
  gapMs?: number;
}

export function createBatcher<T>(flush: (items: T[]) => Promise<void>, options: BatcherOptions = {}): Batcher<T> {
  const { maxItems = 500, gapMs = 0 } = options;
  let waiting: Array<{ item: T; resolve: () => void; reject: (err: unknown) => void }> = [];
  let running: Promise<void> | null = null;
  let resting: Promise<void> | null = null;

  function next(): Promise<void> {
    if (running || resting || waiting.length === 0) return running ?? resting ?? Promise.resolve();
    const batch = waiting.slice(0, maxItems);
    waiting = waiting.slice(batch.length);
    running = flush(batch.map((w) => w.item))
      .then(
        () => batch.forEach((w) => w.resolve()),
        (err: unknown) => batch.forEach((w) => w.reject(err)),
      )
      .finally(() => {
        running = null;
        if (gapMs > 0 && waiting.length < maxItems) {
          resting = new Promise<void>((resolve) => setTimeout(resolve, gapMs)).then(() => {
            resting = null;
            void next();
          });
        } else {
          void next();
        }
      });
    return running;
  }

  return {
    add(item) {
      const added = new Promise<void>((resolve, reject) => waiting.push({ item, resolve, reject }));
      void next();
      return added;
    },
    async idle() {
      while (running || resting || waiting.length > 0) await next();
    },
  };
}
