import cors from 'cors';
import express, { type Express, type Router } from 'express';
import { NEXT_CURSOR_HEADER } from '@warriors/contracts';
import type { Logger } from '../logger';
import { METRICS_PATH, metricsEndpoint, type ServiceMetrics } from '../metrics';
import { errorHandler, jsonNotFound } from './errors';
import { healthRouter, type ReadinessCheck } from './health';
import { requestContext } from './request-context';
import { refuseUnstorableText } from './storable-text';

export const DEFAULT_JSON_LIMIT = '100kb';

export interface AppOptions {
  logger: Logger;
  /** Allowed browser origins; empty means same-origin only (no CORS headers). */
  corsOrigins?: string[];
  jsonLimit?: string;
  readiness?: ReadinessCheck[];
  /** Paths that accept a larger JSON body than jsonLimit, e.g. { '/settings/profile-picture': '7mb' }. */
  largeBodyPaths?: Record<string, string>;
  routes: Router[];
  /** The service's metrics: every request is timed under its route template, and GET /metrics serves them. */
  metrics: ServiceMetrics;
}

/**
 * The express app every service uses: request id and logging, CORS as configured,
 * a small JSON body limit, no text a database cannot store (NUL, lone surrogates: 422), health
 * endpoints, /metrics, JSON 404 and the `{detail}` error shape. No browser security headers: a service
 * answers only the gateway, which sets them on every answer it sends (gateway/src/security-headers.ts).
 */
export function createApp(options: AppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  app.use(requestContext(options.logger, options.metrics.timeRequests()));
  if (options.corsOrigins && options.corsOrigins.length > 0) {
    // A page on another origin reads only the safelisted headers unless named here: a 429's wait and a list's next page.
    app.use(cors({ origin: options.corsOrigins, credentials: false, exposedHeaders: ['Retry-After', NEXT_CURSOR_HEADER, 'Content-Disposition'] }));
  }
  app.use(healthRouter(options.readiness ?? []));
  app.get(METRICS_PATH, metricsEndpoint(options.metrics.metrics));
  // A parsed body is skipped by the next parser, so the larger limits must come first.
  for (const [path, limit] of Object.entries(options.largeBodyPaths ?? {})) app.use(path, express.json({ limit }));
  app.use(express.json({ limit: options.jsonLimit ?? DEFAULT_JSON_LIMIT }));
  app.use(refuseUnstorableText);
  for (const router of options.routes) app.use(router);
  app.use(jsonNotFound);
  app.use(errorHandler(options.logger));
  return app;
}
