import { performance } from 'node:perf_hooks';

/**
 * Values kept in-process for at most `ttlMs` (bounded staleness: another instance's change shows
 * within it), at most `maxEntries` of them, the one set longest ago going first.
 */
export interface TtlCache<K, V> {
  /** The value set less than `ttlMs` ago, else undefined. */
  get(key: K): V | undefined;
  /** Sets the value anew (its age starts again). */
  set(key: K, value: V): void;
  /** Drops the key only while it still holds `value`: a later set is kept. */
  deleteIf(key: K, value: V): void;
  delete(key: K): void;
  clear(): void;
}

export function createTtlCache<K, V>(options: { ttlMs: number; maxEntries: number; now?: () => number }): TtlCache<K, V> {
  const { ttlMs, maxEntries, now = () => performance.now() } = options;
  const entries = new Map<K, { value: V; at: number }>();
  return {
    get(key) {
      const cached = entries.get(key);
      return cached && now() - cached.at < ttlMs ? cached.value : undefined;
    },
    set(key, value) {
      entries.delete(key); // re-inserted last: the Map's order is then oldest first, for eviction
      entries.set(key, { value, at: now() });
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries) break;
        entries.delete(oldest);
      }
    },
    deleteIf(key, value) {
      if (entries.get(key)?.value === value) entries.delete(key);
    },
    delete(key) {
      entries.delete(key);
    },
    clear() {
      entries.clear();
    },
  };
}
