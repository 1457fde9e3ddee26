import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { WEBSOCKET_PATH, type PulseSocketMessage } from '@warriors/contracts';
import type { Logger } from '@warriors/kit';
import { originAllowed } from '../domain/origin';

export interface SocketLimits {
  /** How often every socket is pinged; a socket that did not answer the previous ping is dropped. */
  heartbeatMs: number;
  /** A socket whose unsent bytes pass this before a send is a slow reader and is dropped. */
  maxBufferedBytes: number;
  /** The largest frame a client may send (clients send nothing meaningful). */
  maxPayloadBytes: number;
}

export const DEFAULT_SOCKET_LIMITS: SocketLimits = { heartbeatMs: 30_000, maxBufferedBytes: 1024 * 1024, maxPayloadBytes: 4096 };

export interface SocketHubOptions {
  limits: SocketLimits;
  /** Browser origins besides the page's own that may open the socket (CORS_ORIGINS). */
  allowedOrigins: readonly string[];
  /** Whether the token names a live account; throws when that cannot be told (503). */
  authenticate(token: string): Promise<boolean>;
  logger: Logger;
}

export type SocketHub = ReturnType<typeof createSocketHub>;

const STATUS_TEXT: Record<number, string> = { 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 503: 'Service Unavailable' };

/** Answers an upgrade with a plain HTTP error instead of upgrading. */
function refuse(socket: Duplex, status: number, detail: string): void {
  const body = JSON.stringify({ detail });
  socket.end(`HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
}

/**
 * The live socket of this instance: checks each upgrade (path, Origin, token) before upgrading, keeps
 * its sockets alive with pings, and sends each pulse line to every socket it holds. The URL (which
 * carries the token) is never logged.
 */
export function createSocketHub(options: SocketHubOptions) {
  const { limits, logger } = options;
  const server = new WebSocketServer({ noServer: true, maxPayload: limits.maxPayloadBytes, perMessageDeflate: false });
  const alive = new WeakMap<WebSocket, boolean>();

  const heartbeat = setInterval(() => {
    for (const socket of server.clients) {
      if (!alive.get(socket)) {
        socket.terminate();
        continue;
      }
      alive.set(socket, false);
      socket.ping();
    }
  }, limits.heartbeatMs);
  heartbeat.unref();

  function accept(socket: WebSocket): void {
    alive.set(socket, true);
    socket.on('pong', () => alive.set(socket, true));
    // A frame above maxPayload or a broken connection: ws closes the socket; nothing else to do.
    socket.on('error', (err) => logger.debug({ err: err.message }, 'live socket error'));
  }

  async function onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    socket.on('error', () => socket.destroy());
    const url = new URL(req.url ?? '/', 'http://social');
    if (url.pathname !== WEBSOCKET_PATH) return refuse(socket, 404, 'Not found');
    if (!originAllowed(req.headers.origin, req.headers.host, options.allowedOrigins)) return refuse(socket, 403, 'Origin not allowed');
    const token = url.searchParams.get('token');
    let authenticated: boolean;
    try {
      authenticated = token !== null && token !== '' && (await options.authenticate(token));
    } catch (err) {
      logger.warn({ err: (err as Error).message }, 'live socket authentication failed');
      return refuse(socket, 503, 'The live feed is unavailable right now. Please try again shortly.');
    }
    if (!authenticated) return refuse(socket, 401, 'Not authenticated');
    if (socket.destroyed) return;
    server.handleUpgrade(req, socket, head, accept);
  }

  /** Serialized once, then sent to each socket; a socket whose buffer passed the limit is dropped instead. */
  function broadcast(message: PulseSocketMessage): void {
    const data = JSON.stringify(message);
    for (const socket of server.clients) {
      if (socket.readyState !== socket.OPEN) continue;
      if (socket.bufferedAmount > limits.maxBufferedBytes) {
        logger.info({ buffered: socket.bufferedAmount }, 'slow live socket dropped');
        socket.terminate();
        continue;
      }
      socket.send(data);
    }
  }

  return {
    onUpgrade: (req: IncomingMessage, socket: Duplex, head: Buffer) => void onUpgrade(req, socket, head),
    broadcast,
    /** Sockets open on this instance. */
    size: () => server.clients.size,
    close(): Promise<void> {
      clearInterval(heartbeat);
      for (const socket of server.clients) socket.terminate();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
