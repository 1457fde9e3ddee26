import http from 'node:http';
import WebSocket from 'ws';
import { createLogger, fixedClock, listen, type RunningServer } from '@warriors/kit';
import { refusedUpgrade, waitFor } from '@warriors/test-support';
import { LIVE_SOCKET_CLOSE, type PulseSocketMessage } from '@warriors/contracts';
import { createSocketHub, DEFAULT_SOCKET_LIMITS, type SocketHub, type SocketLimits, type TokenClaims } from '../../src/live/socket-hub';

const clock = fixedClock('2026-03-02T15:00:00.000Z');
const inAnHour = () => new Date(clock.now().getTime() + 3_600_000);

interface HubTestOptions {
  limits?: Partial<SocketLimits>;
  /** When each token expires; an hour from the pinned time unless the test says otherwise. */
  expiresAt?: (token: string) => Date;
  isRevoked?: (claims: TokenClaims) => Promise<boolean>;
}

/** A hub on a real server with small limits: every token but 'bad' is valid and names the user of the same name. */
async function hubOnServer(options: HubTestOptions = {}): Promise<{ hub: SocketHub; server: RunningServer; url: string }> {
  const hub = createSocketHub({
    limits: { ...DEFAULT_SOCKET_LIMITS, heartbeatMs: 60_000, ...options.limits },
    allowedOrigins: [],
    clock,
    logger: createLogger('socket-hub-test', 'silent'),
    verify: (token) => (token === 'bad' ? null : { userId: token, credentialVersion: 0, expiresAt: (options.expiresAt ?? inAnHour)(token) }),
    isRevoked: options.isRevoked ?? (async () => false),
  });
  const server = await listen(http.createServer().on('upgrade', hub.onUpgrade), 0);
  return { hub, server, url: `${server.url.replace('http', 'ws')}/ws?token=ok` };
}

const line = (message: string): PulseSocketMessage => ({
  kind: 'pulse',
  payload: { id: 'e1', type: 'achievement', user_id: 'u1', username: 'maria', message, related_user: null, created_at: '2026-03-02T15:00:00.000Z' },
});

const opened = (socket: WebSocket) => new Promise<void>((resolve, reject) => socket.once('open', resolve).once('error', reject));

describe('the socket hub', () => {
  it('drops a peer that stops answering pings, and keeps one that answers', async () => {
    // Half a second between pings: a shorter beat lets a loaded machine's timers run before a pong is read.
    const { hub, server, url } = await hubOnServer({ limits: { heartbeatMs: 500 } });
    try {
      const silent = new WebSocket(url, { autoPong: false });
      const answering = new WebSocket(url);
      await Promise.all([opened(silent), opened(answering)]);
      const silentClosed = new Promise<void>((resolve) => silent.once('close', () => resolve()));
      await waitFor(() => hub.size() === 2, 5000, 'both sockets held');
      await silentClosed;
      await waitFor(() => hub.size() === 1, 5000, 'the silent peer dropped');
      // Several heartbeats later the answering peer is still there.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      expect(hub.size()).toBe(1);
      expect(answering.readyState).toBe(WebSocket.OPEN);
      answering.close();
    } finally {
      await hub.close();
      await server.close();
    }
  });

  it('drops a slow reader once its unsent bytes pass the limit, and keeps sending to the others', async () => {
    const { hub, server, url } = await hubOnServer({ limits: { maxBufferedBytes: 64 * 1024 } });
    try {
      const slow = new WebSocket(url);
      const reader = new WebSocket(url);
      let read = 0;
      reader.on('message', () => read++);
      await Promise.all([opened(slow), opened(reader)]);
      // The slow client stops reading: its kernel buffers fill, then the server's send buffer grows.
      (slow as unknown as { _socket: import('node:net').Socket })._socket.pause();
      await waitFor(() => hub.size() === 2, 2000, 'both sockets held');
      const big = line('x'.repeat(16 * 1024));
      let sent = 0;
      while (hub.size() === 2 && sent < 20_000) {
        hub.broadcast(big);
        sent++;
        if (sent % 50 === 0) await new Promise((resolve) => setImmediate(resolve));
      }
      expect(hub.size()).toBe(1);
      await waitFor(() => read === sent, 10_000, 'the reader got every line');
      reader.close();
    } finally {
      await hub.close();
      await server.close();
    }
  });

  it('refuses a frame above maxPayload by closing the socket', async () => {
    const { hub, server, url } = await hubOnServer();
    try {
      const client = new WebSocket(url);
      await opened(client);
      const closed = new Promise<number>((resolve) => client.once('close', (code) => resolve(code)));
      client.send('x'.repeat(8192));
      expect(await closed).toBe(1009);
      await waitFor(() => hub.size() === 0, 2000, 'the socket gone');
    } finally {
      await hub.close();
      await server.close();
    }
  });

  it('refuses an upgrade whose account is deleted while its token is being checked', async () => {
    let lookupStarted!: () => void;
    const started = new Promise<void>((resolve) => (lookupStarted = resolve));
    let answer!: (deleted: boolean) => void;
    const { hub, server, url } = await hubOnServer({
      isRevoked: () => {
        lookupStarted();
        return new Promise((resolve) => (answer = resolve));
      },
    });
    try {
      const refused = refusedUpgrade(url);
      await started;
      // The deletion committed after the lookup read no tombstone: its notice must still win.
      hub.closeAccount('ok');
      answer(false);
      expect(await refused).toBe(401);
      expect(hub.size()).toBe(0);
    } finally {
      await hub.close();
      await server.close();
    }
  });

  it('waits for an expiry further away than one timer can (about 24.8 days) instead of closing at once', async () => {
    const { hub, server, url } = await hubOnServer({ expiresAt: () => new Date(clock.now().getTime() + 40 * 24 * 3_600_000) });
    try {
      const client = new WebSocket(url);
      let closed = false;
      client.once('close', () => (closed = true));
      await opened(client);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(closed).toBe(false);
      expect(hub.size()).toBe(1);
      client.close();
    } finally {
      await hub.close();
      await server.close();
    }
  });

  it("closes a socket at its token's expiry by the hub's clock, with 4001 'Session expired'", async () => {
    const { hub, server, url } = await hubOnServer({ expiresAt: () => new Date(clock.now().getTime() + 200) });
    try {
      const client = new WebSocket(url);
      const closed = new Promise<[number, string]>((resolve) => client.once('close', (code, reason) => resolve([code, reason.toString()])));
      await opened(client);
      expect(await closed).toEqual([LIVE_SOCKET_CLOSE.sessionExpired.code, LIVE_SOCKET_CLOSE.sessionExpired.reason]);
      await waitFor(() => hub.size() === 0, 2000, 'the socket gone');
    } finally {
      await hub.close();
      await server.close();
    }
  });
});
