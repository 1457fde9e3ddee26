import { useEffect, useRef } from 'react';
import { LIVE_SOCKET_CLOSE, type PulseEvent } from '@warriors/contracts';
import { liveMessageFrom, pulseSocketUrl, reconnectDelay } from './pulse-rules';

/** The part of the browser's WebSocket the pulse uses, so a test can hand in its own. */
export interface PulseSocket {
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  close(): void;
}

export type OpenSocket = (url: string) => PulseSocket;

/** The browser's WebSocket, looked up at call time so tests can put a fake in its place. */
const openBrowserSocket: OpenSocket = (url) => new globalThis.WebSocket(url);

interface PulseSocketOptions {
  /** The session's access token; without one no socket is open (a logout closes it). */
  token: string | null;
  /** Each successful open, the first and every reconnect: the moment to catch up on what was missed. */
  onConnected: () => void;
  onEvent: (event: PulseEvent) => void;
  /** Points reached the boards somewhere: the leaderboards, ranks and Shots Fired changed. */
  onBoardsChanged: () => void;
  /** The server closed the socket because the token expired or the account was deleted: the session is over, as after a 401. */
  onSessionEnded: () => void;
  openSocket?: OpenSocket;
  random?: () => number;
}

/** Close codes after which this token gets no new socket: reconnecting would be refused, or close another tab's socket. */
const SESSION_ENDED_CODES: ReadonlySet<number> = new Set([LIVE_SOCKET_CLOSE.sessionExpired.code, LIVE_SOCKET_CLOSE.sessionRevoked.code, LIVE_SOCKET_CLOSE.accountDeleted.code]);
const FINAL_CLOSE_CODES: ReadonlySet<number> = new Set([...SESSION_ENDED_CODES, LIVE_SOCKET_CLOSE.replaced.code]);

/**
 * Keeps one socket to the gateway's /ws while there is a token, handing each pulse event and each boards
 * change on and ignoring anything else. A dropped socket reconnects after reconnectDelay, longer with each failure in a row, back to
 * the shortest wait once a socket opens. Unmounting or losing the token closes it for good; so does the
 * server closing it for an expired token or a deleted account (reported through onSessionEnded) or for a
 * newer socket of the same account.
 */
export function usePulseSocket({ token, onConnected, onEvent, onBoardsChanged, onSessionEnded, openSocket = openBrowserSocket, random = Math.random }: PulseSocketOptions): void {
  const handlers = useRef({ onConnected, onEvent, onBoardsChanged, onSessionEnded });
  useEffect(() => {
    handlers.current = { onConnected, onEvent, onBoardsChanged, onSessionEnded };
  });

  useEffect(() => {
    if (!token) return;
    let socket: PulseSocket | null = null;
    let retry: number | undefined;
    let failures = 0;
    let stopped = false;

    const connect = () => {
      const current = openSocket(pulseSocketUrl(window.location, token));
      socket = current;
      current.onopen = () => {
        failures = 0;
        handlers.current.onConnected();
      };
      current.onmessage = (message) => {
        const live = liveMessageFrom(message.data);
        if (live?.kind === 'pulse') handlers.current.onEvent(live.payload);
        else if (live?.kind === 'boards.changed') handlers.current.onBoardsChanged();
      };
      current.onclose = (event) => {
        if (stopped || socket !== current) return;
        if (FINAL_CLOSE_CODES.has(event.code)) {
          stopped = true;
          if (SESSION_ENDED_CODES.has(event.code)) handlers.current.onSessionEnded();
          return;
        }
        retry = window.setTimeout(connect, reconnectDelay(failures, random));
        failures += 1;
      };
    };
    connect();

    return () => {
      stopped = true;
      window.clearTimeout(retry);
      socket?.close();
    };
  }, [token, openSocket, random]);
}
