import WebSocket from 'ws';
import type { LiveSocketMessage, PulseSocketMessage } from '@warriors/contracts';

export interface PulseClient {
  socket: WebSocket;
  /** Each pulse message with the moment (performance.now()) it arrived. */
  received: Array<{ message: PulseSocketMessage; at: number }>;
  /** The moment (performance.now()) each 'boards.changed' arrived. */
  boardsChanged: number[];
  close(): void;
}

/** The live socket URL of a gateway or a social instance, with the token as the browser sends it. */
export const socketUrl = (baseUrl: string, token: string) => `${baseUrl.replace(/^http/, 'ws')}/ws?token=${encodeURIComponent(token)}`;

/** A client of the live socket that keeps every message it receives. */
export async function openPulseSocket(url: string, headers: Record<string, string> = {}): Promise<PulseClient> {
  const socket = new WebSocket(url, { headers });
  const received: PulseClient['received'] = [];
  const boardsChanged: number[] = [];
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as LiveSocketMessage;
    if (message.kind === 'boards.changed') boardsChanged.push(performance.now());
    else received.push({ message, at: performance.now() });
  });
  await new Promise<void>((resolve, reject) => socket.once('open', () => resolve()).once('error', reject));
  return { socket, received, boardsChanged, close: () => socket.close() };
}

/** The HTTP status and JSON body an upgrade is refused with; rejects if it is accepted. */
export function refusedUpgradeReply(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    socket.once('unexpected-response', (_req, res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null });
        socket.terminate();
      });
    });
    socket.once('open', () => {
      socket.terminate();
      reject(new Error('the upgrade was accepted'));
    });
    socket.once('error', () => undefined);
  });
}

/** The HTTP status an upgrade is refused with; rejects if it is accepted. */
export async function refusedUpgrade(url: string, headers: Record<string, string> = {}): Promise<number> {
  return (await refusedUpgradeReply(url, headers)).status;
}
