import type { RequestHandler } from 'express';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's headers for `options`, worked out once: with static directives (no nonce, no function)
 * none of them depends on the request, so each answer gets the same list in one pass instead of a
 * dozen middlewares. An upstream's own header of the same name (a picture's sandbox CSP) still wins:
 * the proxy copies the upstream's headers over these.
 */
export function securityHeaders(options: HelmetOptions): RequestHandler {
  const headers: Array<[string, string]> = [];
  const recorder = {
    setHeader: (name: string, value: string) => headers.push([name, value]),
    removeHeader: () => undefined,
  };
  let failure: unknown;
  helmet(options)({} as never, recorder as never, (err?: unknown) => (failure = err));
  if (failure) throw failure;
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}
