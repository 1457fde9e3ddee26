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

export function createBatcher<T>(flush: (items: T[]) => Promise<void>, maxItems = 500): Batcher<T> {
  let waiting: Array<{ item: T; resolve: () => void; reject: (err: unknown) => void }> = [];
  let running: Promise<void> | null = null;

  function next(): Promise<void> {
    if (running || waiting.length === 0) return running ?? Promise.resolve();
    const batch = waiting.slice(0, maxItems);
    waiting = waiting.slice(batch.length);
    running = flush(batch.map((w) => w.item))
      .then(
        () => batch.forEach((w) => w.resolve()),
        (err: unknown) => batch.forEach((w) => w.reject(err)),
      )
      .finally(() => {
        running = null;
        void next();
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
      while (running || waiting.length > 0) await next();
    },
  };
}
