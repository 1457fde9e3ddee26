// The Battle Pulse's fan-out: many sockets open on /ws through the gateway, one pulse event at a time,
// and the time from the request that makes it to its arrival on every socket. Also what the sockets
// cost the social process (and the gateway, which holds a second socket for each) in resident memory.
import { readFileSync } from 'node:fs';
import WebSocket from 'ws';

export interface FanoutOptions {
  /** The gateway's http:// URL. */
  url: string;
  /** Access tokens the sockets authenticate with, used in turn. */
  tokens: readonly string[];
  sockets: number;
  /** Pulse events made one after another, each once every socket had the one before. */
  events: number;
  pids: { social: number; gateway: number };
  /** Makes one pulse event (e.g. a nudge); resolves when its request is answered. */
  makeEvent(index: number): Promise<void>;
}

export interface FanoutResult {
  sockets: number;
  connectMs: number;
  /** Per event, every socket's delay from the request's start to the event's arrival, sorted. */
  delaysMs: number[][];
  rssKbPerThousand: { social: number; gateway: number };
}

const OPEN_AT_ONCE = 200;
const ARRIVAL_TIMEOUT_MS = 30_000;

/** VmRSS of a process in kB. */
function rssKb(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]);
}

/** How the hub's JSON of a pulse message begins: told apart without parsing during the measure. */
const PULSE_FRAME_START = JSON.stringify({ kind: 'pulse' }).slice(0, -1);

interface Listener {
  socket: WebSocket;
  /** performance.now() of each pulse message, in arrival order (parsed only after the measure). */
  arrivals: number[];
}

function open(wsUrl: string, token: string): Promise<Listener> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${wsUrl}?token=${encodeURIComponent(token)}`);
    const listener: Listener = { socket, arrivals: [] };
    // Boards changes (from the logging scenarios' points) share the socket: only pulse lines count.
    socket.on('message', (data) => {
      if (String(data).startsWith(PULSE_FRAME_START)) listener.arrivals.push(performance.now());
    });
    socket.once('open', () => resolve(listener));
    socket.once('error', reject);
    socket.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
  });
}

async function settle(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 2000));
}

export async function measurePulseFanout(options: FanoutOptions): Promise<FanoutResult> {
  const wsUrl = `${options.url.replace(/^http/, 'ws')}/ws`;
  const before = { social: rssKb(options.pids.social), gateway: rssKb(options.pids.gateway) };
  const listeners: Listener[] = [];
  const connectStarted = performance.now();
  try {
    for (let opened = 0; opened < options.sockets; opened += OPEN_AT_ONCE) {
      const wave = Array.from({ length: Math.min(OPEN_AT_ONCE, options.sockets - opened) }, (_, i) => open(wsUrl, options.tokens[(opened + i) % options.tokens.length]!));
      listeners.push(...(await Promise.all(wave)));
    }
    const connectMs = performance.now() - connectStarted;
    await settle();
    const after = { social: rssKb(options.pids.social), gateway: rssKb(options.pids.gateway) };
    const perThousand = (key: 'social' | 'gateway') => ((after[key] - before[key]) * 1000) / options.sockets;

    const delaysMs: number[][] = [];
    for (let index = 0; index < options.events; index++) {
      const started = performance.now();
      await options.makeEvent(index);
      const deadline = started + ARRIVAL_TIMEOUT_MS;
      while (listeners.some((l) => l.arrivals.length <= index)) {
        if (performance.now() > deadline) {
          const missing = listeners.filter((l) => l.arrivals.length <= index).length;
          throw new Error(`pulse event ${index + 1} reached ${listeners.length - missing} of ${listeners.length} sockets within ${ARRIVAL_TIMEOUT_MS} ms`);
        }
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      delaysMs.push(listeners.map((l) => l.arrivals[index]! - started).sort((a, b) => a - b));
    }
    const extra = listeners.filter((l) => l.arrivals.length !== options.events).length;
    if (extra > 0) throw new Error(`${extra} sockets received a pulse message more than once or one not made by the bench`);
    return { sockets: listeners.length, connectMs, delaysMs, rssKbPerThousand: { social: perThousand('social'), gateway: perThousand('gateway') } };
  } finally {
    for (const { socket } of listeners) socket.terminate();
  }
}
