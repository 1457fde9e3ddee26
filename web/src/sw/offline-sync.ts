import { PENDING_LOGS_SYNC_TAG } from '../lib/offline-queue';

/** The parts of a service worker's global scope this module uses (the web build's types are the page's). */
export interface SyncWorkerScope {
  addEventListener(type: 'sync', listener: (event: SyncEventLike) => void): void;
  clients: { matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<ReadonlyArray<{ postMessage(message: unknown): void }>> };
}

export interface SyncEventLike {
  tag: string;
  waitUntil(work: Promise<unknown>): void;
}

/**
 * Background Sync for the logs made offline: when the browser sees the connection back, it wakes the
 * worker with the page's 'pending-logs' registration, and the worker asks every open window of the
 * app to send its queue. The sending stays in the page, which holds the broker's session and the
 * one code path that sends, sorts answers and shows refusals; with no window open nothing is sent,
 * and the queue waits on the device for the next start (docs/decisions.md).
 */
export function installOfflineSync(scope: SyncWorkerScope): void {
  scope.addEventListener('sync', (event) => {
    if (event.tag !== PENDING_LOGS_SYNC_TAG) return;
    event.waitUntil(
      scope.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
        for (const window of windows) window.postMessage({ type: PENDING_LOGS_SYNC_TAG });
      }),
    );
  });
}
