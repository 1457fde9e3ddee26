import { baseQuery } from './base-query';
import { jsonResponse } from '../../test/render';
import { initialSessionState, logout } from './session';
import { makeStore } from './store';
import { API_CACHE_PREFIX, clearApiCaches, SAVED_AT_HEADER } from './offline-cache';

const SAVED_AT = '2026-11-26T09:41:00.000Z';

describe('answers from the device cache', () => {
  const read = (store: ReturnType<typeof makeStore>) =>
    baseQuery('/me', { getState: store.getState, dispatch: store.dispatch, signal: new AbortController().signal } as Parameters<typeof baseQuery>[1], {});

  it('mark the app as showing saved data, until the server answers again', async () => {
    const store = makeStore({ session: { ...initialSessionState('a-token'), loading: false } });
    globalThis.fetch = jest.fn(async () => jsonResponse(200, { id: 'u1' }, { [SAVED_AT_HEADER]: SAVED_AT }));
    expect(await read(store)).toMatchObject({ data: { id: 'u1' } });
    expect(store.getState().appShell.savedAt).toBe(SAVED_AT);

    globalThis.fetch = jest.fn(async () => jsonResponse(200, { id: 'u1' }));
    await read(store);
    expect(store.getState().appShell.savedAt).toBeNull();
  });
});

describe("the device's saved reads", () => {
  let names: string[];
  beforeEach(() => {
    names = [`${API_CACHE_PREFIX}aaa`, `${API_CACHE_PREFIX}bbb`, 'workbox-precache-v2-http://localhost/'];
    Object.assign(globalThis, {
      caches: {
        keys: jest.fn(async () => [...names]),
        delete: jest.fn(async (name: string) => {
          names = names.filter((kept) => kept !== name);
          return true;
        }),
      },
    });
  });
  afterEach(() => {
    delete (globalThis as { caches?: unknown }).caches;
  });

  it("are deleted but the named session's, and the release's files stay", async () => {
    await clearApiCaches(`${API_CACHE_PREFIX}bbb`);
    expect(names).toEqual([`${API_CACHE_PREFIX}bbb`, 'workbox-precache-v2-http://localhost/']);
  });

  it('are all deleted when the broker signs out, never on a sign-in from a signed-out device', async () => {
    const store = makeStore({ session: { ...initialSessionState('a-token'), loading: false } });
    store.dispatch(logout());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(names).toEqual(['workbox-precache-v2-http://localhost/']);

    names.push(`${API_CACHE_PREFIX}ccc`);
    const signedOutStore = makeStore({ session: initialSessionState(null) });
    signedOutStore.dispatch({ type: 'session/loggedOut' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(names).toContain(`${API_CACHE_PREFIX}ccc`);
  });
});
