import net from 'node:net';
import express from 'express';
import { listen, serverOf, type Service } from '../src';

const service = (onUpgrade?: Service['onUpgrade']): Service => ({ name: 'test', app: express(), start: async () => undefined, stop: async () => undefined, onUpgrade });

/** Sends an upgrade request and resolves once the server has taken the socket (it answers nothing). */
function upgrade(port: number, taken: Promise<void>): Promise<net.Socket> {
  const socket = net.connect(port, '127.0.0.1', () => {
    socket.write('GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n');
  });
  return taken.then(() => socket);
}

describe('serverOf', () => {
  it('hands upgrades to the service, and closing the server ends the upgraded sockets', async () => {
    let resolveTaken!: () => void;
    const taken = new Promise<void>((resolve) => (resolveTaken = resolve));
    const server = await listen(
      serverOf(
        service(() => {
          // Holds the socket open, as a live socket does.
          resolveTaken();
        }),
      ),
      0,
    );
    const client = await upgrade(server.port, taken);
    const ended = new Promise<void>((resolve) => client.once('close', () => resolve()));
    await server.close();
    await ended;
  });
});
