import type { ErrorRequestHandler, RequestHandler } from 'express';
import { z } from 'zod';
import type { ValidationErrorItem } from '@warriors/contracts';
import type { Logger } from '../logger';

/** Thrown anywhere in a request; the error middleware answers `{detail}` with its status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
  ) {
    super(detail);
  }
}

export const notFound = (detail = 'Not found') => new HttpError(404, detail);
export const forbidden = (detail = 'Forbidden') => new HttpError(403, detail);
export const unauthorized = (detail = 'Not authenticated') => new HttpError(401, detail);
export const conflict = (detail: string) => new HttpError(409, detail);

/** A 429 that says when to come back: the error handler sends `Retry-After` with it. */
export class TooManyRequestsError extends HttpError {
  constructor(
    detail: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, detail);
  }
}

/**
 * A dependency (PostgreSQL, Redis, NATS) is unreachable or dropped the connection mid-request.
 * Such a failure costs the request in flight a 503, never the process; a consumer retries the
 * message later instead of dead-lettering it, since nothing is wrong with the message itself.
 */
export class DependencyUnavailableError extends HttpError {
  constructor(
    readonly dependency: string,
    options?: { cause?: unknown },
  ) {
    super(503, `The ${dependency} is unavailable right now. Please try again shortly.`);
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}

/** SQLSTATE classes and codes of a lost or refused connection (admin shutdown, crash, cannot connect). */
const CONNECTION_SQLSTATES = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006', '53300']);
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTCONN', 'ECONNABORTED']);
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error',
  'Connection is closed',
  'connection is closed',
  'MaxRetriesPerRequest',
  "Stream isn't writeable",
  'timeout exceeded when trying to connect',
];

/**
 * Whether an error says a dependency is away, not that the request or the message is bad:
 * those are answered 503 and retried; anything else keeps its own handling.
 */
export function isDependencyFailure(err: unknown): boolean {
  if (err instanceof DependencyUnavailableError) return true;
  const e = err as { code?: unknown; message?: unknown; name?: unknown } | null | undefined;
  if (!e || typeof e !== 'object') return false;
  if (typeof e.code === 'string' && (CONNECTION_SQLSTATES.has(e.code) || SOCKET_CODES.has(e.code))) return true;
  if (e.name === 'MaxRetriesPerRequestError') return true;
  const message = typeof e.message === 'string' ? e.message : '';
  return CONNECTION_MESSAGES.some((text) => message.includes(text));
}

/** A zod failure as 422 items, with the request part ('body', 'query', 'path') first in loc. */
export class ValidationError extends Error {
  constructor(readonly items: ValidationErrorItem[]) {
    super('Validation failed');
  }
}

export function toValidationError(part: 'body' | 'query' | 'path' | 'header', error: z.ZodError): ValidationError {
  return new ValidationError(
    error.issues.map((issue) => ({
      loc: [part, ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))],
      msg: issue.message,
    })),
  );
}

/** Parses one part of a request with its contract schema, or throws a 422. */
export function parse<S extends z.ZodTypeAny>(schema: S, value: unknown, part: 'body' | 'query' | 'path' | 'header' = 'body'): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw toValidationError(part, result.error);
  return result.data;
}

/**
 * A path id with its contract schema, or a 404 with `notFoundDetail`: a malformed id names nothing,
 * so it is answered as an id of no one's (or someone else's) is, never as a validation error.
 */
export function parsePathId<S extends z.ZodTypeAny>(schema: S, params: unknown, notFoundDetail: string): z.infer<S> {
  const result = schema.safeParse(params);
  if (!result.success) throw notFound(notFoundDetail);
  return result.data;
}

export const jsonNotFound: RequestHandler = (req, res) => {
  res.status(404).json({ detail: `Not found: ${req.method} ${req.path}` });
};

interface BodyParserError extends Error {
  type?: string;
  status?: number;
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err: unknown, req, res, _next) => {
    if (res.headersSent) {
      res.end();
      return;
    }
    if (err instanceof ValidationError) {
      res.status(422).json({ detail: err.items });
      return;
    }
    if (err instanceof z.ZodError) {
      res.status(422).json({ detail: toValidationError('body', err).items });
      return;
    }
    if (err instanceof HttpError) {
      if (err instanceof TooManyRequestsError) res.setHeader('Retry-After', String(Math.max(1, Math.ceil(err.retryAfterSeconds))));
      res.status(err.status).json({ detail: err.detail });
      return;
    }
    if (isDependencyFailure(err)) {
      logger.warn({ err, requestId: req.id }, 'dependency unavailable');
      res.status(503).json({ detail: 'A service we depend on is unavailable right now. Please try again shortly.' });
      return;
    }
    const bodyError = err as BodyParserError;
    if (bodyError?.type === 'entity.too.large') {
      res.status(413).json({ detail: 'Request body is too large' });
      return;
    }
    if (bodyError?.type === 'entity.parse.failed') {
      res.status(422).json({ detail: [{ loc: ['body'], msg: 'Body is not valid JSON' }] });
      return;
    }
    if (typeof bodyError?.status === 'number' && bodyError.status >= 400 && bodyError.status < 500) {
      res.status(bodyError.status).json({ detail: bodyError.message });
      return;
    }
    logger.error({ err, requestId: req.id }, 'unhandled error');
    res.status(500).json({ detail: 'Internal server error' });
  };
}
