import type { RequestHandler } from 'express';
import helmet, { type HelmetOptions } from 'helmet';

type Header = [name: string, value: string];

/**
 * An API answer (JSON, a picture, a download) is never a page: nothing in it may load, run or be
 * framed, whatever a browser opening it directly would try.
 */
const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** Of helmet's headers, those that still mean something on an answer that is not a document. */
const KEPT_FOR_API = new Set(['strict-transport-security', 'x-content-type-options', 'cross-origin-resource-policy']);

/**
 * helmet's headers for `pageOptions`, worked out once: with static directives (no nonce, no function)
 * none of them depends on the request, so each answer gets the same list in one pass instead of a
 * dozen middlewares. Pages and the web app's files get all of them; an answer on a path `isApi` names
 * gets a CSP that allows nothing, and of the rest only the type, cross-origin and https rules: the
 * others (opener policy, agent cluster, referrer, DNS prefetch, download and cross-domain policies,
 * the XSS auditor's switch) govern documents, and were three quarters of every API answer's header bytes.
 * An upstream's own header of the same name (a picture's sandbox CSP) still wins: the proxy copies the
 * upstream's headers over these.
 */
export function securityHeaders(pageOptions: HelmetOptions, isApi: (path: string) => boolean): RequestHandler {
  const pageHeaders = recordedHelmetHeaders(pageOptions);
  const apiHeaders: Header[] = [['Content-Security-Policy', API_CONTENT_SECURITY_POLICY], ...pageHeaders.filter(([name]) => KEPT_FOR_API.has(name.toLowerCase()))];
  return (req, res, next) => {
    for (const [name, value] of isApi(req.path) ? apiHeaders : pageHeaders) res.setHeader(name, value);
    next();
  };
}

function recordedHelmetHeaders(options: HelmetOptions): Header[] {
  const headers: Header[] = [];
  const recorder = {
    setHeader: (name: string, value: string) => headers.push([name, value]),
    removeHeader: () => undefined,
  };
  let failure: unknown;
  helmet(options)({} as never, recorder as never, (err?: unknown) => (failure = err));
  if (failure) throw failure;
  return headers;
}
