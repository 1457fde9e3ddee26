import { selectUpdateReady, takeUpdate } from '../lib/app-shell';
import { makeStore } from '../lib/store';
import { registerServiceWorker } from './service-worker';

type Listener = (event: { isUpdate?: boolean }) => void;

/** workbox-window's Workbox as the page sees it: its events, played by the test. */
class FakeWorkbox {
  static last: FakeWorkbox;
  readonly listeners = new Map<string, Listener[]>();
  readonly messageSkipWaiting = jest.fn();
  readonly register = jest.fn(async () => undefined);
  constructor(readonly url: string) {
    FakeWorkbox.last = this;
  }
  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string, event: { isUpdate?: boolean } = {}) {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

jest.mock('workbox-window', () => ({ Workbox: jest.fn((url: string) => new FakeWorkbox(url)) }));

describe("the service worker's registration", () => {
  it('registers /sw.js; a waiting worker takes over only on Reload, and the page reloads once it controls', () => {
    const store = makeStore();
    const reload = jest.fn();
    registerServiceWorker(store.dispatch, reload);
    const workbox = FakeWorkbox.last;
    expect(workbox.url).toBe('/sw.js');
    expect(workbox.register).toHaveBeenCalledTimes(1);

    workbox.emit('waiting');
    expect(selectUpdateReady(store.getState())).toBe(true);
    expect(workbox.messageSkipWaiting).not.toHaveBeenCalled();

    takeUpdate();
    expect(workbox.messageSkipWaiting).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
    workbox.emit('controlling', { isUpdate: true });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("offers a reload, never reloads by itself, when another tab's click swapped the worker", () => {
    const store = makeStore();
    const reload = jest.fn();
    registerServiceWorker(store.dispatch, reload);
    const workbox = FakeWorkbox.last;

    workbox.emit('controlling', { isUpdate: false });
    expect(selectUpdateReady(store.getState())).toBe(false);
    workbox.emit('controlling', { isUpdate: true });
    expect(reload).not.toHaveBeenCalled();
    expect(selectUpdateReady(store.getState())).toBe(true);

    // Nothing waits here: the click reloads the page onto the release already in control.
    takeUpdate();
    expect(workbox.messageSkipWaiting).not.toHaveBeenCalled();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
