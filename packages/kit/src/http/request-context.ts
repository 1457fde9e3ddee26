import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from '../logger';
import type { RequestTiming } from '../metrics';

export const REQUEST_ID_HEADER = 'x-request-id';

export interface AuthUser {
  id: string;
  /**
   * The credential version the token was signed at (its `cv` claim; 0 for a token without one): a
   * token below the user's current version was revoked by a password change or a sign-out of every device.
   */
  credentialVersion: number;
}

declare module 'express-serve-static-core' {
  interface Request {
    id: string;
    user?: AuthUser;
  }
}

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Keeps the caller's request id (the gateway sets one) or makes one; logs each answer once and hands
 * its duration to `timing` (the process's request histogram), on the one finish listener. A 2xx-4xx
 * answer is logged at debug: below that level its line is not even built, since every request of
 * every process passes here.
 */
export function requestContext(logger: Logger, timing?: RequestTiming): RequestHandler {
  return (req, res, next) => {
    const incoming = req.headers[REQUEST_ID_HEADER];
    req.id = typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader(REQUEST_ID_HEADER, req.id);
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      timing?.(req, res, seconds);
      const failed = res.statusCode >= 500;
      if (!failed && !logger.isLevelEnabled('debug')) return;
      const line = { requestId: req.id, method: req.method, path: req.originalUrl.split('?')[0], status: res.statusCode, ms: Math.round(seconds * 10_000) / 10 };
      if (failed) logger.error(line, 'request');
      else logger.debug(line, 'request');
    });
    next();
  };
}
