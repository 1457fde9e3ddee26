import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { Socket } from 'node:net';
import { PassThrough, type Readable } from 'node:stream';
import express, { type Express, type RequestHandler } from 'express';
import { createProxyMiddleware, type Options as ProxyOptions, type Plugin } from 'http-proxy-middleware';
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
import { EXPORT_ME_JSON_PATH, type ClientConfig } from '@warriors/contracts';
import { dataExport } from './data-export';
import { ROUTES, routeFor, WEBSOCKET_PATH, WEBSOCKET_SERVICE, type Route } from './route-table';
import type { UpstreamPool } from './upstream-pool';
import { securityHeaders } from './security-headers';
import { serveWebApp } from './web-app';

/**
 * Helmet's defaults with every source narrowed to the gateway's own origin: the web app loads no
 * third-party script, style or font, and talks only to /api (and later /ws, which 'self' covers).
 * Pictures may also be data: or blob: URLs made in the page. React's style props are set through the
 * CSSOM, which style-src does not govern, so no 'unsafe-inline' is needed. The installable app's
 * service worker (/sw.js) and manifest (/manifest.webmanifest) come from the same origin too.
 */
const CONTENT_SECURITY_POLICY = {
  'connect-src': ["'self'"],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
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

/** How long an upstream instance may take to accept a connection before the gateway tries another one. */
export const DEFAULT_UPSTREAM_CONNECT_TIMEOUT_MS = 2_000;
const CONNECT_TIMEOUT = 'ECONNTIMEOUT';
/** Errors of a connection that never opened: the upstream saw nothing of the request. */
const NEVER_CONNECTED = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', CONNECT_TIMEOUT]);

type ProxyServer = Parameters<Plugin>[0];

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
  /** How long an upstream may take to accept a connection before it counts as down (DEFAULT_UPSTREAM_CONNECT_TIMEOUT_MS). */
  upstreamConnectTimeoutMs?: number;
  /** The deployment's settings the browser reads (GET /api/client-config); none: every optional part off. */
  clientConfig?: ClientConfig;
}

export interface Gateway {
  app: Express;
  /** Hands WebSocket upgrades to the service that owns /ws. */
  onUpgrade(req: http.IncomingMessage, socket: Socket, head: Buffer): void;
  /**
   * Ends every proxied live socket. A stopping server waits for its connections, and a live socket
   * never ends by itself: without this a SIGTERM waits out the whole grace period and exits 1. The
   * browser reconnects, through another instance.
   */
  closeLiveSockets(): void;
}

declare module 'node:http' {
  interface IncomingMessage {
    upstreamService?: string;
    upstreamUrl?: string;
    /** The registry route the request matched (the metrics' route label). */
    upstreamRoute?: string;
    /** The upstream did not answer within upstreamTimeoutMs (a 504, where a crashed one is a 502). */
    upstreamTimedOut?: boolean;
    /** The connection to upstreamUrl opened: from here on a failure may have reached the upstream. */
    upstreamConnected?: boolean;
    /** The request was sent to a second instance after the first refused the connection. */
    upstreamRetried?: boolean;
    /** The body read so far, kept until the upstream connection opens, for a retry on another instance. */
    upstreamBody?: RecordedBody;
  }
}

export function createGateway(options: GatewayOptions): Gateway {
  const { logger, pools } = options;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustProxyHops);
  app.use(requestContext(logger, options.metrics?.timeRequests(gatewayRouteOf)));
  // The gateway is the edge: every answer, proxied or its own, gets the browser's security headers here.
  app.use(securityHeaders({ contentSecurityPolicy: { directives: CONTENT_SECURITY_POLICY } }, isApiPath));
  if (options.metrics) watchPools(options.metrics, pools);

  const clientConfig: ClientConfig = options.clientConfig ?? { promo_url: null, coaching_enabled: false };
  // Answered here, not by a service: it is the deployment's, and needs no token.
  app.get('/api/client-config', (_req, res) => {
    res.set('Cache-Control', 'no-cache').json(clientConfig);
  });
  // Written here from every service's part of it: no one service holds all of a broker's data.
  app.get(EXPORT_ME_JSON_PATH, dataExport({ pools, logger }));

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
  // A reset or verification link's token is a credential too: guesses at it count with sign-in's.
  app.post(['/api/login', '/api/signup', '/api/password/forgot', '/api/password/reset', '/api/email/verify'], authLimiter);

  const connectTimeoutMs = options.upstreamConnectTimeoutMs ?? DEFAULT_UPSTREAM_CONNECT_TIMEOUT_MS;
  const poolOf = (req: http.IncomingMessage) => (req.upstreamService ? pools[req.upstreamService] : undefined);

  /** The connection to the instance opened: the pool learns it is up, and a retry is no longer possible. */
  const onConnected = (req: http.IncomingMessage): void => {
    req.upstreamConnected = true;
    req.upstreamBody?.stop();
    req.upstreamBody = undefined;
    if (poolOf(req)?.connected(req.upstreamUrl!)) logger.info({ service: req.upstreamService, upstream: req.upstreamUrl }, 'upstream instance back in the pool');
  };
  /** A connection that does not open within connectTimeoutMs is given up like a refused one. */
  const watchConnection = (proxyReq: http.ClientRequest, req: http.IncomingMessage): void => {
    const watch = (socket: Socket): void => {
      if (!socket.connecting) return onConnected(req);
      const timer = setTimeout(() => proxyReq.destroy(Object.assign(new Error(`no connection within ${connectTimeoutMs} ms`), { code: CONNECT_TIMEOUT })), connectTimeoutMs);
      socket.once('connect', () => {
        clearTimeout(timer);
        onConnected(req);
      });
      proxyReq.once('close', () => clearTimeout(timer));
    };
    if (proxyReq.socket) watch(proxyReq.socket);
    else proxyReq.once('socket', watch);
  };

  const proxyOptions: ProxyOptions<http.IncomingMessage, http.ServerResponse> = {
    changeOrigin: false,
    // No service reads X-Forwarded-*: the client's address matters only here, at the edge (rate limits).
    xfwd: false,
    proxyTimeout: options.upstreamTimeoutMs ?? 30_000,
    // With an agent timeout set, Node drops an idle upstream socket a second before the upstream's own
    // Keep-Alive timeout (its `Keep-Alive: timeout=N` hint); without it the gateway could reuse a
    // socket the upstream is closing, and that request failed with a reset (a 502 under light load).
    agent: new http.Agent({ keepAlive: true, maxSockets: 512, timeout: UPSTREAM_IDLE_SOCKET_MS }),
  };
  const server = proxyServer({
    ...proxyOptions,
    on: {
      proxyReq: (proxyReq, req) => {
        // proxyTimeout aborts the request, which then fails like an upstream that crashed (ECONNRESET):
        // only this mark tells a slow upstream (504) from a broken one (502).
        proxyReq.once('timeout', () => {
          req.upstreamTimedOut = true;
        });
        watchConnection(proxyReq, req);
      },
      proxyReqWs: (proxyReq, req) => watchConnection(proxyReq, req),
      error: (err, req, res) => {
        const service = req.upstreamService ?? 'upstream';
        const code = (err as NodeJS.ErrnoException).code;
        const pool = poolOf(req);
        if (pool && !req.upstreamConnected && code && NEVER_CONNECTED.has(code)) {
          const ejectedMs = pool.failedToConnect(req.upstreamUrl!);
          if (ejectedMs !== null) logger.warn({ err: (err as Error).message, service, upstream: req.upstreamUrl, ejectedMs }, 'upstream instance taken out of the pool');
          // Nothing reached the instance, so even a POST may go to another one, once. (An upgrade
          // cannot: the proxy closes the client's socket on its error; the browser opens a new one.)
          const other = req.upstreamRetried ? undefined : pool.alternativeTo(req.upstreamUrl!);
          if (other && res instanceof http.ServerResponse && !res.headersSent) {
            req.upstreamRetried = true;
            req.upstreamUrl = other;
            send(req, res, replayBody(req));
            return;
          }
        }
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
  const send = (req: http.IncomingMessage, res: http.ServerResponse, body: Readable | undefined): void => {
    // The request id goes in with the options: the body may start flowing before the proxyReq event.
    server.web(req, res, { ...proxyOptions, target: targetOf(req.upstreamUrl!), buffer: body, headers: { [REQUEST_ID_HEADER]: (req as express.Request).id } });
  };

  const toService: RequestHandler = (req, res) => {
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
    send(req, res, hasBody(req) ? recordBody(req) : undefined);
  };
  // Ahead of the gateway's own routes: nearly every request is proxied, and each layer it passes costs it.
  app.use((req, res, next) => {
    if (isApiPath(req.path)) toService(req, res, next);
    else next();
  });

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

  if (options.webDist && existsSync(path.join(options.webDist, 'index.html'))) serveWebApp(app, options.webDist);

  app.use(jsonNotFound);
  app.use(errorHandler(logger));

  // Both ends of each proxied socket: destroying the browser's end does not end the upstream's.
  const liveSockets = new Set<Socket>();
  const track = (socket: Socket) => {
    liveSockets.add(socket);
    socket.once('close', () => liveSockets.delete(socket));
  };
  server.on('open', track);
  const onUpgrade = (req: http.IncomingMessage, socket: Socket, head: Buffer) => {
    track(socket);
    const url = new URL(req.url ?? '/', 'http://gateway');
    const pool = WEBSOCKET_SERVICE ? pools[WEBSOCKET_SERVICE] : undefined;
    if (url.pathname !== WEBSOCKET_PATH || !pool) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    req.upstreamService = WEBSOCKET_SERVICE!;
    req.upstreamUrl = pool.next();
    server.ws(req, socket, head, { ...proxyOptions, target: targetOf(req.upstreamUrl) });
  };

  const closeLiveSockets = () => {
    for (const socket of liveSockets) socket.destroy();
  };

  return { app, onUpgrade, closeLiveSockets };
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

/**
 * The http-proxy server behind http-proxy-middleware, with the `on` handlers wired: sending through
 * it lets each request name its target and its body stream (a retried request's replayed body).
 */
function proxyServer(options: ProxyOptions<http.IncomingMessage, http.ServerResponse>): ProxyServer {
  let server: ProxyServer | undefined;
  // The router only satisfies the factory's check: every call names its target (send, onUpgrade).
  createProxyMiddleware({ ...options, router: (req) => req.upstreamUrl!, plugins: [(proxy) => (server = proxy)] });
  return server!;
}

const isApiPath = (path: string): boolean => path === '/api' || path.startsWith('/api/');

type ProxyTarget = Exclude<ProxyOptions['target'], string | undefined>;
const targets = new Map<string, ProxyTarget>();

/**
 * An upstream's URL in the parsed form the proxy would otherwise parse again on every request. The
 * pools' URLs are a fixed few, so the map stays as small as the configuration.
 */
function targetOf(url: string): ProxyTarget {
  let target = targets.get(url);
  if (!target) {
    const { protocol, host, hostname, port, pathname } = new URL(url);
    target = { protocol, host, hostname, port, path: pathname === '/' ? '' : pathname };
    targets.set(url, target);
  }
  return target;
}

interface RecordedBody {
  /** What the first instance is sent. */
  sent: PassThrough;
  /** Every chunk read from the client so far. */
  read: Buffer[];
  stop(): void;
}

const hasBody = (req: http.IncomingMessage): boolean => req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

/** Streams the body to the upstream as it comes, keeping a copy until the connection opens (onConnected). */
function recordBody(req: http.IncomingMessage): Readable {
  const sent = new PassThrough();
  const read: Buffer[] = [];
  const keep = (chunk: Buffer) => read.push(chunk);
  // Both in the same tick, before the body flows: the copy misses no chunk the stream gets.
  req.on('data', keep);
  req.pipe(sent);
  req.upstreamBody = { sent, read, stop: () => req.off('data', keep) };
  return sent;
}

/** The whole body again for a second instance: the chunks read so far, then the rest as it comes. */
function replayBody(req: http.IncomingMessage): Readable | undefined {
  const body = req.upstreamBody;
  if (!body) return undefined;
  body.stop();
  req.upstreamBody = undefined;
  req.unpipe(body.sent);
  const replay = new PassThrough();
  for (const chunk of body.read) replay.write(chunk);
  if (req.readableEnded) replay.end();
  else req.pipe(replay);
  return replay;
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
