import { performance } from 'node:perf_hooks';

/**
 * Answers of a hot, shared read kept in-process for at most `ttlMs` (bounded staleness: another
 * instance's change shows within it), dropped at once by `forget`/`clear` when this instance changes
 * what they show. The pending promise is what is kept, so concurrent misses share one load; a failed
 * load is not kept. At most `maxEntries` keys, the oldest going first.
 */
export interface ResponseCache<K, V> {
  get(key: K, load: () => Promise<V>): Promise<V>;
  forget(key: K): void;
  clear(): void;
}

export function createResponseCache<K, V>(options: { ttlMs: number; maxEntries: number; now?: () => number }): ResponseCache<K, V> {
  const { ttlMs, maxEntries, now = () => performance.now() } = options;
  const entries = new Map<K, { value: Promise<V>; at: number }>();
  return {
    get(key, load) {
      const cached = entries.get(key);
      if (cached && now() - cached.at < ttlMs) return cached.value;
      const value = load();
      const entry = { value, at: now() };
      entries.delete(key);
      entries.set(key, entry);
      value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries) break;
        entries.delete(oldest);
      }
      return value;
    },
    forget(key) {
      entries.delete(key);
    },
    clear() {
      entries.clear();
    },
  };
}
