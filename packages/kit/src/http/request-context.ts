import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from '../logger';
import type { RequestTiming } from '../metrics';

export const REQUEST_ID_HEADER = 'x-request-id';

export interface AuthUser {
  id: string;
}

declare module 'express-serve-static-core' {
  interface Request {
    id: string;
    log: Logger;
    user?: AuthUser;
  }
}

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Keeps the caller's request id (the gateway sets one) or makes one; logs each answer once and hands
 * its duration to `timing` (the process's request histogram), on the one finish listener.
 */
export function requestContext(logger: Logger, timing?: RequestTiming): RequestHandler {
  return (req, res, next) => {
    const incoming = req.header(REQUEST_ID_HEADER);
    req.id = incoming && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    req.log = logger.child({ requestId: req.id });
    res.setHeader(REQUEST_ID_HEADER, req.id);
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      timing?.(req, res, ms / 1000);
      const line = { method: req.method, path: req.originalUrl.split('?')[0], status: res.statusCode, ms: Math.round(ms * 10) / 10 };
      if (res.statusCode >= 500) req.log.error(line, 'request');
      else req.log.debug(line, 'request');
    });
    next();
  };
}
