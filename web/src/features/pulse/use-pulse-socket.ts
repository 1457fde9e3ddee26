import { useEffect, useRef } from 'react';
import type { PulseEvent } from '@warriors/contracts';
import { pulseEventFrom, pulseSocketUrl, reconnectDelay } from './pulse-rules';

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
  openSocket?: OpenSocket;
  random?: () => number;
}

/**
 * Keeps one socket to the gateway's /ws while there is a token, handing each pulse event on and ignoring
 * anything else. A dropped socket reconnects after reconnectDelay, longer with each failure in a row, back to
 * the shortest wait once a socket opens. Unmounting or losing the token closes it for good.
 */
export function usePulseSocket({ token, onConnected, onEvent, openSocket = openBrowserSocket, random = Math.random }: PulseSocketOptions): void {
  const handlers = useRef({ onConnected, onEvent });
  useEffect(() => {
    handlers.current = { onConnected, onEvent };
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
        const event = pulseEventFrom(message.data);
        if (event) handlers.current.onEvent(event);
      };
      current.onclose = () => {
        if (stopped || socket !== current) return;
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
