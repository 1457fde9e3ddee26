/// <reference types="node" />
import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { runInThisContext } from 'node:vm';
import { FakeWebSocket } from './fake-socket';

// jsdom lacks the Fetch API classes and TextEncoder, which react-router's data router needs (it builds a
// Request for every navigation). Node has them in its own realm: borrow them, with Node's AbortController
// so a Request accepts the signal react-router gives it (the approach of jest-fixed-jsdom).
Object.assign(globalThis, runInThisContext('({ Request, Response, Headers, AbortController, AbortSignal, TextEncoder, TextDecoder })'));

// Screens load their code by path: on a CI machine busy with other suites, the first render of a
// file can take longer than the library's one second to import its chunk, though nothing is wrong.
configure({ asyncUtilTimeout: 5000 });

// Requests a test didn't script stay pending, as on a slow network: screens show their loading state
// instead of failing noisily. Tests script what they need with mockFetch or mockApi.
// Likewise, sockets never reach the network: the live pulse's socket stays connecting unless a test drives it.
// jsdom lays nothing out and has no scrollIntoView: a no-op stands in, which tests of scrolling replace with a mock.
beforeEach(() => {
  Element.prototype.scrollIntoView = () => undefined;
  globalThis.fetch = jest.fn(() => new Promise<Response>(() => undefined));
  FakeWebSocket.instances = [];
  globalThis.WebSocket = FakeWebSocket as unknown as typeof WebSocket;
});
