/**
 * Whether a WebSocket upgrade's Origin may open the live socket: absent (a non-browser client, which
 * carries its token like any API caller), the page's own origin (Origin's host is the Host header,
 * as when the gateway serves the web app), or one of the configured origins (CORS_ORIGINS).
 */
export function originAllowed(origin: string | undefined, host: string | undefined, allowedOrigins: readonly string[]): boolean {
  if (origin === undefined) return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (host !== undefined && parsed.host === host.toLowerCase()) return true;
  return allowedOrigins.some((allowed) => sameOrigin(allowed, parsed));
}

function sameOrigin(allowed: string, origin: URL): boolean {
  try {
    return new URL(allowed).origin === origin.origin;
  } catch {
    return false;
  }
}
