import { createTtlCache } from '../ttl-cache';

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
  const entries = createTtlCache<K, Promise<V>>(options);
  return {
    get(key, load) {
      const cached = entries.get(key);
      if (cached) return cached;
      const value = load();
      entries.set(key, value);
      value.catch(() => entries.deleteIf(key, value));
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
