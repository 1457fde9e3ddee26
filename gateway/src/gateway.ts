import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { Socket } from 'node:net';
import express, { type Express, type RequestHandler } from 'express';
import helmet from 'helmet';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { rateLimit, type Store } from 'express-rate-limit';
import { RedisStore } from 'rate-limit-redis';
import {
  errorHandler,
  jsonNotFound,
  METRICS_PATH,
  metricsEndpoint,
  readiness,
  REQUEST_ID_HEADER,
  requestContext,
  UNMATCHED_ROUTE,
  type Logger,
  type Redis,
  type ServiceMetrics,
} from '@warriors/kit';
import { ROUTES, routeFor, WEBSOCKET_PATH, WEBSOCKET_SERVICE, type Route } from './route-table';
import type { UpstreamPool } from './upstream-pool';

/**
 * Helmet's defaults with every source narrowed to the gateway's own origin: the web app loads no
 * third-party script, style or font, and talks only to /api (and later /ws, which 'self' covers).
 * Pictures may also be data: or blob: URLs made in the page. React's style props are set through the
 * CSSOM, which style-src does not govern, so no 'unsafe-inline' is needed.
 */
const CONTENT_SECURITY_POLICY = {
  'connect-src': ["'self'"],
  'font-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'style-src': ["'self'"],
  // helmet's default would make a browser fetch every asset over https: served over plain http on a
  // LAN address (the embedded product on a phone), the page then loads nothing. Behind TLS the app's
  // same-origin URLs are https already, so the directive adds nothing there.
  'upgrade-insecure-requests': null,
};

/** The longest an idle upstream socket is kept; an upstream's shorter Keep-Alive hint wins. */
const UPSTREAM_IDLE_SOCKET_MS = 60_000;

export interface GatewayOptions {
  logger: Logger;
  pools: Partial<Record<string, UpstreamPool>>;
  /** The route table; the product's own unless a bench or test adds routes. */
  routes?: readonly Route<string>[];
  /** The built web app (web/dist); served with SPA fallback when present. */
  webDist?: string;
  /** Proxies in front of the gateway, so rate limits see the client's address and not the proxy's. */
  trustProxyHops: number;
  /** Sign-up and login attempts allowed per client address per minute. */
  authAttemptsPerMinute: number;
  /** Rate-limit counters live in Redis in stack mode, so every gateway instance shares them. */
  redis?: Redis;
  /** How long an upstream may take to answer before the gateway gives up (504). */
  upstreamTimeoutMs?: number;
  /**
   * The process's metrics as the gateway's: requests timed by registry route, the pools' instances, and
   * GET /metrics when the process has a METRICS_TOKEN (the gateway faces the internet, so never open).
   * Left out only by benches measuring the bare proxy.
   */
  metrics?: ServiceMetrics;
}

export interface Gateway {
  app: Express;
  /** Hands WebSocket upgrades to the service that owns /ws. */
  onUpgrade(req: http.IncomingMessage, socket: Socket, head: Buffer): void;
}

declare module 'node:http' {
  interface IncomingMessage {
    upstreamService?: string;
    upstreamUrl?: string;
    /** The registry route the request matched (the metrics' route label). */
    upstreamRoute?: string;
    /** The upstream did not answer within upstreamTimeoutMs (a 504, where a crashed one is a 502). */
    upstreamTimedOut?: boolean;
  }
}

export function createGateway(options: GatewayOptions): Gateway {
  const { logger, pools } = options;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustProxyHops);
  app.use(requestContext(logger, options.metrics?.timeRequests(gatewayRouteOf)));
  app.use(helmet({ contentSecurityPolicy: { directives: CONTENT_SECURITY_POLICY } }));
  if (options.metrics) watchPools(options.metrics, pools);
  if (options.metrics?.metrics.token) app.get(METRICS_PATH, metricsEndpoint(options.metrics.metrics));

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    const result = await readiness(
      Object.entries(pools).map(([service, pool]) => ({
        name: service,
        check: async () => (await Promise.all(pool!.urls.map(isUpstreamReady))).some(Boolean),
      })),
    );
    res.status(result.ready ? 200 : 503).json({ status: result.ready ? 'ready' : 'not ready', checks: result.checks });
  });

  const authLimiter = rateLimit({
    windowMs: 60_000,
    limit: options.authAttemptsPerMinute,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    // Limits protect accounts; if Redis is away we keep letting people in rather than lock everyone out.
    passOnStoreError: true,
    store: options.redis ? redisStore(options.redis) : undefined,
    handler: (_req, res) => {
      res.status(429).json({ detail: 'Too many attempts. Please wait a minute and try again.' });
    },
  });
  app.post(['/api/login', '/api/signup'], authLimiter);

  const proxy = createProxyMiddleware<http.IncomingMessage, http.ServerResponse>({
    router: (req) => req.upstreamUrl!,
    changeOrigin: false,
    xfwd: true,
    ws: false,
    proxyTimeout: options.upstreamTimeoutMs ?? 30_000,
    // With an agent timeout set, Node drops an idle upstream socket a second before the upstream's own
    // Keep-Alive timeout (its `Keep-Alive: timeout=N` hint); without it the gateway could reuse a
    // socket the upstream is closing, and that request failed with a reset (a 502 under light load).
    agent: new http.Agent({ keepAlive: true, maxSockets: 512, timeout: UPSTREAM_IDLE_SOCKET_MS }),
    on: {
      proxyReq: (proxyReq, req) => {
        proxyReq.setHeader(REQUEST_ID_HEADER, (req as express.Request).id);
        // proxyTimeout aborts the request, which then fails like an upstream that crashed (ECONNRESET):
        // only this mark tells a slow upstream (504) from a broken one (502).
        proxyReq.once('timeout', () => {
          req.upstreamTimedOut = true;
        });
      },
      error: (err, req, res) => {
        const service = req.upstreamService ?? 'upstream';
        logger.warn({ err: (err as Error).message, service, upstream: req.upstreamUrl }, 'upstream failed');
        if (res instanceof http.ServerResponse) {
          if (res.headersSent) {
            res.destroy();
            return;
          }
          const detail = req.upstreamTimedOut
            ? `The ${service} service took too long to answer. Please try again shortly.`
            : `The ${service} service is unavailable. Please try again shortly.`;
          res.writeHead(req.upstreamTimedOut ? 504 : 502, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ detail }));
        } else {
          (res as Socket).destroy();
        }
      },
    },
  });

  const toService: RequestHandler = (req, res, next) => {
    const route = routeFor(req.path, options.routes ?? ROUTES);
    const service = route?.service;
    const pool = service ? pools[service] : undefined;
    if (!service || !pool) {
      res.status(404).json({ detail: `Not found: ${req.method} ${req.path}` });
      return;
    }
    req.upstreamRoute = route.template ?? route.pattern.source;
    req.upstreamService = service;
    req.upstreamUrl = pool.next();
    void proxy(req, res, next);
  };
  app.use('/api', (req, res, next) => {
    // Mounted handlers see a path without /api; the upstream must get the original one.
    req.url = req.originalUrl;
    toService(req, res, next);
  });

  if (options.webDist && existsSync(path.join(options.webDist, 'index.html'))) serveWebApp(app, options.webDist);

  app.use(jsonNotFound);
  app.use(errorHandler(logger));

  const onUpgrade = (req: http.IncomingMessage, socket: Socket, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://gateway');
    const pool = WEBSOCKET_SERVICE ? pools[WEBSOCKET_SERVICE] : undefined;
    if (url.pathname !== WEBSOCKET_PATH || !pool) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    req.upstreamService = WEBSOCKET_SERVICE!;
    req.upstreamUrl = pool.next();
    proxy.upgrade(req, socket, head);
  };

  return { app, onUpgrade };
}

/**
 * The gateway's route label: the registry route of a proxied request, the express route of its own
 * (/healthz, /readyz, /metrics), `web` for the web app's files and pages, else 'unmatched'.
 */
function gatewayRouteOf(req: express.Request, res: express.Response): string {
  if (req.upstreamRoute) return req.upstreamRoute;
  const path: unknown = req.route?.path;
  if (typeof path === 'string') return path;
  return req.method === 'GET' && res.statusCode < 400 ? 'web' : UNMATCHED_ROUTE;
}

/** Each pool's instances, 1 while requests go to it, 0 while it is ejected: read on each scrape. */
function watchPools(metrics: ServiceMetrics, pools: Partial<Record<string, UpstreamPool>>): void {
  metrics.labelledGaugeOf('gateway_upstream_instance_up', "Instances of each service in the gateway's pool: 1 takes requests, 0 ejected", ['upstream', 'instance'], () =>
    Object.entries(pools).flatMap(([upstream, pool]) => pool!.instances().map(({ url, up }) => ({ labels: { upstream, instance: url }, value: up ? 1 : 0 }))),
  );
}

function serveWebApp(app: Express, webDist: string): void {
  // Vite names assets by content hash, so they may be cached forever; index.html never is.
  app.use('/assets', express.static(path.join(webDist, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false }));
  app.use(express.static(webDist, { index: false, maxAge: '1h' }));
  app.get(/^\/(?!api\/|ws$|healthz$|readyz$).*/, (req, res, next) => {
    if (!req.accepts('html')) return next();
    res.setHeader('cache-control', 'no-cache');
    res.sendFile(path.join(webDist, 'index.html'));
  });
}

function redisStore(redis: Redis): Store {
  return new RedisStore({
    prefix: 'rl:auth:',
    sendCommand: (command: string, ...args: string[]) => redis.call(command, ...args) as Promise<never>,
  });
}

async function isUpstreamReady(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(800) });
    return res.ok;
  } catch {
    return false;
  }
}
