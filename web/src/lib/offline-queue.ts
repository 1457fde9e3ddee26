import type { ActivityType } from '@warriors/contracts';

/**
 * A log made without a connection, kept on the device until the server has it. Its Idempotency-Key
 * is the one of the tap, so however often it is sent (and whichever tab or attempt wins) the server
 * logs it once; `logged_at` is the tap's time, so it counts for the day it was made.
 */
export interface PendingLog {
  key: string;
  user_id: string;
  kind: 'single' | 'bulk';
  activity_type: ActivityType;
  /** The request body as sent, logged_at included. */
  body: Record<string, unknown> & { activity_type: ActivityType; logged_at: string };
  quantity: number;
  points: number;
  logged_at: string;
  attempts: number;
  /** Not sent again before this instant (ms): the backoff after a server error. */
  next_attempt_at: number;
  /** The server's refusal, shown until the broker dismisses it; null while it waits to be sent. */
  refusal: string | null;
}

/** Where pending logs live: IndexedDB in the browser; tests of the sync may pass a map. */
export interface PendingLogStore {
  list(userId: string): Promise<PendingLog[]>;
  put(entry: PendingLog): Promise<void>;
  remove(key: string): Promise<void>;
}

/** The tag of the Background Sync registration, and of the worker's message asking the page to send (web/src/sw/offline-sync.ts). */
export const PENDING_LOGS_SYNC_TAG = 'pending-logs';

const DB_NAME = 'prospect-warriors-offline';
const STORE = 'pending_logs';
const BY_USER = 'by_user';

/** A request's answer as a promise. */
const done = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });

/** Plain IndexedDB (no library for three calls): one store keyed by the Idempotency-Key, indexed by user. */
function openDatabase(indexedDb: IDBFactory): Promise<IDBDatabase> {
  const request = indexedDb.open(DB_NAME, 1);
  request.onupgradeneeded = () => {
    const store = request.result.createObjectStore(STORE, { keyPath: 'key' });
    store.createIndex(BY_USER, 'user_id');
  };
  return done(request);
}

export function indexedDbStore(indexedDb: IDBFactory = globalThis.indexedDB): PendingLogStore {
  let opened: Promise<IDBDatabase> | null = null;
  const store = async (mode: IDBTransactionMode) => {
    opened ??= openDatabase(indexedDb).catch((error: unknown) => {
      opened = null;
      throw error;
    });
    return (await opened).transaction(STORE, mode).objectStore(STORE);
  };
  return {
    list: async (userId) => {
      const entries = await done((await store('readonly')).index(BY_USER).getAll(userId) as IDBRequest<PendingLog[]>);
      return entries.sort((a, b) => a.logged_at.localeCompare(b.logged_at));
    },
    put: async (entry) => {
      await done((await store('readwrite')).put(entry));
    },
    remove: async (key) => {
      await done((await store('readwrite')).delete(key));
    },
  };
}

/** The store in memory: for the unit tests of the sync, and a browser without IndexedDB (private modes of old browsers). */
export function memoryStore(): PendingLogStore {
  const entries = new Map<string, PendingLog>();
  return {
    list: async (userId) => [...entries.values()].filter((e) => e.user_id === userId).sort((a, b) => a.logged_at.localeCompare(b.logged_at)),
    put: async (entry) => {
      entries.set(entry.key, { ...entry, body: { ...entry.body } });
    },
    remove: async (key) => {
      entries.delete(key);
    },
  };
}

/** The device's store: IndexedDB where the browser has it. */
export const deviceStore = (): PendingLogStore => (typeof indexedDB === 'undefined' ? memoryStore() : indexedDbStore());
