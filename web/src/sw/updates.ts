import { clientsClaim } from 'workbox-core';

/**
 * A new release's worker waits until the broker asks for it ('A new version is ready — reload'): the
 * page posts SKIP_WAITING on that click only, so a worker never swaps under an open form. The first
 * worker of a device takes the open page at once (there is no older version to mix with), so its API
 * reads are saved from the first visit.
 */
export function installUpdates(sw: ServiceWorkerGlobalScope): void {
  sw.addEventListener('message', (event) => {
    if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void sw.skipWaiting();
  });
  clientsClaim();
}
