/**
 * What the page and the service worker agree on about the device's cache of API reads
 * (docs/decisions.md, "The app shell and the API reads are cached on the device").
 */

/** Every cache of API reads is named with this prefix, then the session it belongs to. */
export const API_CACHE_PREFIX = 'api-reads-';

/**
 * Set by the service worker on an answer it stores: when the server gave it. An answer that carries it
 * came from the device's cache (the gateway never sends it), so the page shows that its data is saved.
 */
export const SAVED_AT_HEADER = 'x-saved-at';

/** How long a saved read may be shown: older ones are dropped rather than shown as the broker's data. */
export const API_CACHE_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

/** The cache of one session's reads: named by a hash of its token, so no session reads another's. */
export async function apiCacheName(authorization: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(authorization));
  const hex = Array.from(new Uint8Array(digest).slice(0, 16), (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${API_CACHE_PREFIX}${hex}`;
}

/** Deletes the saved reads of every session but `keep` (all of them without it). */
export async function clearApiCaches(keep?: string): Promise<void> {
  if (typeof caches === 'undefined') return;
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith(API_CACHE_PREFIX) && name !== keep).map((name) => caches.delete(name)));
}
