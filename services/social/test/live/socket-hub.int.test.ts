import http from 'node:http';
import WebSocket from 'ws';
import { createLogger, listen, type RunningServer } from '@warriors/kit';
import { waitFor } from '@warriors/test-support';
import type { PulseSocketMessage } from '@warriors/contracts';
import { createSocketHub, type SocketHub } from '../../src/live/socket-hub';

/** A hub on a real server with small limits, every token accepted but 'bad'. */
async function hubOnServer(limits: { heartbeatMs: number; maxBufferedBytes: number }): Promise<{ hub: SocketHub; server: RunningServer; url: string }> {
  const hub = createSocketHub({
    limits: { ...limits, maxPayloadBytes: 4096 },
    allowedOrigins: [],
    logger: createLogger('socket-hub-test', 'silent'),
    authenticate: async (token) => token !== 'bad',
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
    const { hub, server, url } = await hubOnServer({ heartbeatMs: 50, maxBufferedBytes: 1024 * 1024 });
    try {
      const silent = new WebSocket(url, { autoPong: false });
      const answering = new WebSocket(url);
      await Promise.all([opened(silent), opened(answering)]);
      const silentClosed = new Promise<void>((resolve) => silent.once('close', () => resolve()));
      await waitFor(() => hub.size() === 2, 2000, 'both sockets held');
      await silentClosed;
      await waitFor(() => hub.size() === 1, 2000, 'the silent peer dropped');
      // Several heartbeats later the answering peer is still there.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(hub.size()).toBe(1);
      expect(answering.readyState).toBe(WebSocket.OPEN);
      answering.close();
    } finally {
      await hub.close();
      await server.close();
    }
  });

  it('drops a slow reader once its unsent bytes pass the limit, and keeps sending to the others', async () => {
    const { hub, server, url } = await hubOnServer({ heartbeatMs: 60_000, maxBufferedBytes: 64 * 1024 });
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
    const { hub, server, url } = await hubOnServer({ heartbeatMs: 60_000, maxBufferedBytes: 1024 * 1024 });
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
});
