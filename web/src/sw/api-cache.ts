import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core';
import { API_CACHE_MAX_AGE_SECONDS, apiCacheName, clearApiCaches, SAVED_AT_HEADER } from '../lib/offline-cache';

/** How long a read waits for the network before the saved answer is shown (a lift, a parking garage). */
export const NETWORK_TIMEOUT_SECONDS = 4;
const MAX_ENTRIES = 200;

/**
 * The signed-in reads (GET /api with a bearer token) go to the network first and are saved per session:
 * offline, or when the network is slower than the timeout, the last answer is shown, marked with when it
 * was saved. A session's reads live in a cache named by its token's hash; when a request comes with
 * another token, the other sessions' caches are deleted (the page also deletes them on sign-out).
 */
export function installApiCache(sw: ServiceWorkerGlobalScope, now: () => Date = () => new Date()): void {
  const strategies = new Map<string, NetworkFirst>();
  let current: string | undefined;
  registerRoute(
    ({ url, request }) => url.origin === sw.location.origin && url.pathname.startsWith('/api/') && request.headers.has('authorization'),
    async (options) => {
      const name = await apiCacheName(options.request.headers.get('authorization') ?? '');
      if (name !== current) {
        current = name;
        strategies.clear();
        await clearApiCaches(name);
      }
      let strategy = strategies.get(name);
      if (!strategy) {
        strategy = new NetworkFirst({
          cacheName: name,
          networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
          // The cache is one session's already: the gateway's Vary headers must not hide an answer.
          matchOptions: { ignoreVary: true },
          plugins: [savedAnswers(now), new ExpirationPlugin({ maxEntries: MAX_ENTRIES, maxAgeSeconds: API_CACHE_MAX_AGE_SECONDS })],
        });
        strategies.set(name, strategy);
      }
      return strategy.handle(options);
    },
    'GET',
  );
}

/** Saves only whole JSON answers, stamped with when they were saved so the page can say so. */
function savedAnswers(now: () => Date): WorkboxPlugin {
  return {
    async cacheWillUpdate({ response }) {
      if (response.status !== 200 || !(response.headers.get('content-type') ?? '').includes('application/json')) return null;
      const headers = new Headers(response.headers);
      headers.set(SAVED_AT_HEADER, now().toISOString());
      return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers });
    },
  };
}
