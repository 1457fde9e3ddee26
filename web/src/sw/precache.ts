import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

/** Paths the gateway answers itself: a navigation there must reach it, never the app shell. */
const SERVER_PATHS = [/^\/api(\/|$)/, /^\/ws$/, /^\/healthz$/, /^\/readyz$/];

/**
 * The release's files (hashed assets, index.html, icons, manifest), fetched when the worker installs
 * and served from the device until the next release's worker replaces them; every app route opens the
 * cached index.html, so the app starts with no connection.
 */
export function installPrecache(manifest: Array<PrecacheEntry | string>): void {
  precacheAndRoute(manifest);
  cleanupOutdatedCaches();
  registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: SERVER_PATHS }));
}
