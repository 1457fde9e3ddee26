import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { BOARDS_CHANGED_GAP_MS, createCoalescer, LIVE_SOCKET_CLOSE, WEBSOCKET_PATH, type LiveSocketClose, type LiveSocketMessage } from '@warriors/contracts';
import type { Clock, Logger } from '@warriors/kit';
import { originAllowed } from '../domain/origin';

export interface SocketLimits {
  /** How often every socket is pinged; a socket that did not answer the previous ping is dropped. */
  heartbeatMs: number;
  /** A socket whose unsent bytes pass this before a send is a slow reader and is dropped. */
  maxBufferedBytes: number;
  /** The largest frame a client may send (clients send nothing meaningful). */
  maxPayloadBytes: number;
  /** Sockets one account may hold on this process: a newer one closes the account's oldest. */
  maxPerAccount: number;
  /** Sockets this process holds at most, upgrades under way included: past it an upgrade is refused with 503. */
  maxSockets: number;
}

export const DEFAULT_SOCKET_LIMITS: SocketLimits = {
  heartbeatMs: 30_000,
  maxBufferedBytes: 1024 * 1024,
  maxPayloadBytes: 4096,
  maxPerAccount: 10,
  maxSockets: 10_000,
};

/** What a valid token says: whose it is and until when it may be used. */
export interface TokenClaims {
  userId: string;
  /** The account's credential version when the token was signed: a sign-out everywhere raises it. */
  credentialVersion: number;
  expiresAt: Date;
}

export interface SocketHubOptions {
  limits: SocketLimits;
  /** Browser origins besides the page's own that may open the socket (CORS_ORIGINS). */
  allowedOrigins: readonly string[];
  /** The token's claims, or null when it is not a valid, unexpired token. */
  verify(token: string): TokenClaims | null;
  /** Whether the token no longer opens its account (deleted, or signed out everywhere since); throws when that cannot be told (503). */
  isRevoked(claims: TokenClaims): Promise<boolean>;
  /** Tells when a token's expiry has come. */
  clock: Clock;
  logger: Logger;
}

export type SocketHub = ReturnType<typeof createSocketHub>;

const STATUS_TEXT: Record<number, string> = { 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 503: 'Service Unavailable' };

export const SOCKETS_FULL_DETAIL = 'Too many live connections on this server right now. Please try again in a minute.';

/** setTimeout takes at most 2^31 - 1 ms (about 24.8 days); a longer wait is taken in steps. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** Answers an upgrade with a plain HTTP error instead of upgrading. */
function refuse(socket: Duplex, status: number, detail: string): void {
  const body = JSON.stringify({ detail });
  socket.end(`HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
}

/** An upgrade between its token check and its socket: a deletion or sign-out heard meanwhile must still refuse it. */
interface UpgradeUnderWay {
  claims: TokenClaims;
  refused: boolean;
}

/**
 * The live socket of this instance: checks each upgrade (room on the process, path, Origin, token)
 * before upgrading, keeps its sockets alive with pings, sends each pulse line and boards change to every socket it holds,
 * and closes a socket when its token expires, when its account is deleted or signs out everywhere, or when its account opens
 * one socket too many (the oldest goes). The URL (which carries the token) is never logged.
 */
export function createSocketHub(options: SocketHubOptions) {
  const { limits, logger, clock } = options;
  const server = new WebSocketServer({ noServer: true, maxPayload: limits.maxPayloadBytes, perMessageDeflate: false });
  const alive = new WeakMap<WebSocket, boolean>();
  /** Each account's sockets on this process, oldest first. */
  const socketsOf = new Map<string, WebSocket[]>();
  const expiryTimers = new Map<WebSocket, NodeJS.Timeout>();
  const credentialVersionOf = new WeakMap<WebSocket, number>();
  const upgradesUnderWay = new Set<UpgradeUnderWay>();

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

  function end(socket: WebSocket, why: LiveSocketClose): void {
    socket.close(why.code, why.reason);
  }

  /** Closes the socket at its token's expiry, by the service's clock. */
  function closeAtExpiry(socket: WebSocket, expiresAt: Date): void {
    const left = expiresAt.getTime() - clock.now().getTime();
    if (left <= 0) return end(socket, LIVE_SOCKET_CLOSE.sessionExpired);
    const wait = Math.min(left, LONGEST_TIMER_MS);
    expiryTimers.set(
      socket,
      setTimeout(() => (wait === left ? end(socket, LIVE_SOCKET_CLOSE.sessionExpired) : closeAtExpiry(socket, expiresAt)), wait),
    );
  }

  function forget(socket: WebSocket, userId: string): void {
    clearTimeout(expiryTimers.get(socket));
    expiryTimers.delete(socket);
    const remaining = (socketsOf.get(userId) ?? []).filter((held) => held !== socket);
    if (remaining.length === 0) socketsOf.delete(userId);
    else socketsOf.set(userId, remaining);
  }

  function accept(socket: WebSocket, claims: TokenClaims): void {
    alive.set(socket, true);
    socket.on('pong', () => alive.set(socket, true));
    // A frame above maxPayload or a broken connection: ws closes the socket; nothing else to do.
    socket.on('error', (err) => logger.debug({ err: err.message }, 'live socket error'));
    socket.on('close', () => forget(socket, claims.userId));
    credentialVersionOf.set(socket, claims.credentialVersion);
    const held = [...(socketsOf.get(claims.userId) ?? []), socket];
    // Off the list at once, not at their close: a client slow to answer the close must not cost a newer socket its place.
    for (const oldest of held.splice(0, held.length - limits.maxPerAccount)) end(oldest, LIVE_SOCKET_CLOSE.replaced);
    socketsOf.set(claims.userId, held);
    closeAtExpiry(socket, claims.expiresAt);
  }

  const full = () => server.clients.size + upgradesUnderWay.size >= limits.maxSockets;

  async function onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    socket.on('error', () => socket.destroy());
    const url = new URL(req.url ?? '/', 'http://social');
    if (url.pathname !== WEBSOCKET_PATH) return refuse(socket, 404, 'Not found');
    if (!originAllowed(req.headers.origin, req.headers.host, options.allowedOrigins)) return refuse(socket, 403, 'Origin not allowed');
    if (full()) return refuse(socket, 503, SOCKETS_FULL_DETAIL);
    const token = url.searchParams.get('token');
    const claims = token ? options.verify(token) : null;
    if (!claims) return refuse(socket, 401, 'Not authenticated');
    // Counted from here, so concurrent upgrades cannot all pass the room check during the lookup below.
    const upgrade: UpgradeUnderWay = { claims, refused: false };
    upgradesUnderWay.add(upgrade);
    try {
      let revoked: boolean;
      try {
        revoked = await options.isRevoked(claims);
      } catch (err) {
        logger.warn({ err: (err as Error).message }, 'live socket authentication failed');
        return refuse(socket, 503, 'The live feed is unavailable right now. Please try again shortly.');
      }
      if (revoked || upgrade.refused) return refuse(socket, 401, 'Not authenticated');
      if (socket.destroyed) return;
      // Without verifyClient, ws upgrades and calls accept synchronously: the socket is held before the finally.
      server.handleUpgrade(req, socket, head, (upgraded) => accept(upgraded, claims));
    } finally {
      upgradesUnderWay.delete(upgrade);
    }
  }

  /** Serialized once, then sent to each socket; a socket whose buffer passed the limit is dropped instead. */
  function broadcast(message: LiveSocketMessage): void {
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

  /**
   * However many awards this process hears of, its sockets get at most one 'boards.changed' a gap, the
   * last one after the last award; and one a whole gap after it, when every gamification instance's
   * cached top 20 from before the award has expired and the boards took an award its outbox's poll
   * sent ahead of them.
   */
  const boardsChanged = createCoalescer(() => broadcast({ kind: 'boards.changed' }), { gapMs: BOARDS_CHANGED_GAP_MS, settle: true });

  /** Closes the account's sockets on this process and refuses its upgrades under way. */
  function closeAccount(userId: string): void {
    for (const upgrade of upgradesUnderWay) if (upgrade.claims.userId === userId) upgrade.refused = true;
    for (const socket of socketsOf.get(userId) ?? []) end(socket, LIVE_SOCKET_CLOSE.accountDeleted);
  }

  /** Closes the account's sockets on this process opened with a token older than `credentialVersion`, and refuses such upgrades under way. */
  function closeSessionsBelow(userId: string, credentialVersion: number): void {
    for (const upgrade of upgradesUnderWay) {
      if (upgrade.claims.userId === userId && upgrade.claims.credentialVersion < credentialVersion) upgrade.refused = true;
    }
    for (const socket of socketsOf.get(userId) ?? []) {
      if ((credentialVersionOf.get(socket) ?? 0) < credentialVersion) end(socket, LIVE_SOCKET_CLOSE.sessionRevoked);
    }
  }

  return {
    onUpgrade: (req: IncomingMessage, socket: Duplex, head: Buffer) => void onUpgrade(req, socket, head),
    broadcast,
    /** Points reached the boards: tells the sockets, coalesced. */
    boardsChanged: () => boardsChanged.notify(),
    closeAccount,
    closeSessionsBelow,
    /** Sockets open on this instance. */
    size: () => server.clients.size,
    close(): Promise<void> {
      clearInterval(heartbeat);
      boardsChanged.stop();
      for (const timer of expiryTimers.values()) clearTimeout(timer);
      for (const socket of server.clients) socket.terminate();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
