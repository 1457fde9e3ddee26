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
      res.status(err.status).json({ detail: err.detail });
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
