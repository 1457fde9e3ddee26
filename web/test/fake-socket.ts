import { act } from '@testing-library/react';

/**
 * The browser's WebSocket for jsdom tests: it never touches the network and stays connecting until the test
 * opens it. setup.ts puts it in place of globalThis.WebSocket for every test; a test drives the instances.
 */
export class FakeWebSocket {
  static instances: FakeWebSocket[] = [];

  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  closed = false;

  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }

  /** The newest socket the page opened. */
  static latest(): FakeWebSocket {
    const socket = FakeWebSocket.instances.at(-1);
    if (!socket) throw new Error('No socket was opened');
    return socket;
  }

  close(): void {
    this.closed = true;
  }

  open(): void {
    act(() => this.onopen?.(new Event('open')));
  }

  /** A frame from the server: an object goes as its JSON text. */
  receive(data: unknown): void {
    act(() => this.onmessage?.(new MessageEvent('message', { data: typeof data === 'string' ? data : JSON.stringify(data) })));
  }

  /** The server or the network drops the connection. */
  drop(): void {
    this.closeBy(1006, '');
  }

  /** The server closes the connection with a code and reason of its own. */
  closeBy(code: number, reason: string): void {
    act(() => this.onclose?.(new CloseEvent('close', { code, reason })));
  }
}
