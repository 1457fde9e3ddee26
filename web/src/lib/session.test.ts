import type { User } from '@warriors/contracts';
import { badge } from '../../test/fixtures';
import { jsonResponse, testUser } from '../../test/render';
import { fetchCurrentUser, initialSessionState, logout, selectSessionUnreachable, SESSION_ENDED_NOTICE, userAfterLog, userUpdated } from './session';
import { sessionApi } from './session-api';
import { makeStore } from './store';
import { KNOWN_USER_KEY, readKnownUser, TOKEN_KEY, writeKnownUser } from './token-storage';

describe('userAfterLog', () => {
  it("takes the answer's streak, and its badges in place of earlier awards of their types, in catalog order as /me lists them", () => {
    const firstMeeting = badge();
    const crusher = badge({ id: 'b-2', badge_type: 'call_crusher', name: 'Call Crusher', cycle: 'daily', earned_at: '2025-03-01T15:00:00Z' });
    const user = { ...testUser, streak_days: 3, badges: [crusher, firstMeeting] };
    const crusherAgain = { ...crusher, id: 'b-3', repeat_count: 2, repeat: 2, earned_at: '2025-03-02T15:00:00Z' };
    const victory = badge({ id: 'b-4', badge_type: 'daily_victory', name: 'Daily Victory', cycle: 'daily' });

    const after = userAfterLog(user, { streak_days: 4, badges: [crusherAgain, victory] });
    expect(after.streak_days).toBe(4);
    expect(after.badges).toEqual([victory, crusherAgain, firstMeeting]);
    expect(userAfterLog(user, { streak_days: 3, badges: [] })).toEqual(user);
  });
});

describe('a session whose user the server could not be asked for', () => {
  const KNOWN = { ...testUser, name: 'Ana Known', streak_days: 9 };
  const startWith = (token: string) => makeStore({ session: initialSessionState(token) });
  let logged: jest.SpyInstance;
  beforeEach(() => {
    localStorage.clear();
    logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => logged.mockRestore());

  it.each([
    ['offline', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['failing', () => Promise.resolve(jsonResponse(503, { detail: 'Service unavailable' }))],
  ])('keeps the token and the user last known on the device when the server is %s', async (_case, answer) => {
    localStorage.setItem(TOKEN_KEY, 'kept');
    writeKnownUser('kept', KNOWN);
    const store = startWith('kept');
    globalThis.fetch = jest.fn(answer);
    await store.dispatch(fetchCurrentUser());

    expect(store.getState().session).toMatchObject({ token: 'kept', user: KNOWN, loading: false, unconfirmed: true, notice: null });
    expect(localStorage.getItem(TOKEN_KEY)).toBe('kept');
    expect(selectSessionUnreachable(store.getState())).toBe(false);
  });

  it('with no user known for the token (a first visit on this device, or one read under another token), keeps the token and waits', async () => {
    writeKnownUser('another-brokers-token', KNOWN);
    const store = startWith('kept');
    globalThis.fetch = jest.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    await store.dispatch(fetchCurrentUser());

    expect(store.getState().session).toMatchObject({ token: 'kept', user: null, loading: false, unconfirmed: true });
    expect(selectSessionUnreachable(store.getState())).toBe(true);

    // Asked again and answered: the user, no longer unconfirmed, and kept for the next offline start.
    globalThis.fetch = jest.fn(async () => jsonResponse(200, testUser));
    await store.dispatch(fetchCurrentUser());
    expect(store.getState().session).toMatchObject({ token: 'kept', user: testUser, unconfirmed: false });
    expect(readKnownUser('kept')).toEqual(testUser);
    expect(readKnownUser('another-brokers-token')).toBeNull();
  });

  it('ends on a 401 alone: the token and the user kept with it go', async () => {
    localStorage.setItem(TOKEN_KEY, 'refused');
    writeKnownUser('refused', KNOWN);
    const store = startWith('refused');
    globalThis.fetch = jest.fn(async () => jsonResponse(401, { detail: 'Could not validate credentials' }));
    await store.dispatch(fetchCurrentUser());

    expect(store.getState().session).toMatchObject({ token: null, user: null, unconfirmed: false, notice: SESSION_ENDED_NOTICE });
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(KNOWN_USER_KEY)).toBeNull();
  });
});

describe('the user kept beside the token', () => {
  beforeEach(() => localStorage.clear());

  const signIn = async (store: ReturnType<typeof makeStore>, token: string, user: User) => {
    globalThis.fetch = jest.fn(async () => jsonResponse(200, { access_token: token, token_type: 'bearer', user }));
    await store.dispatch(sessionApi.endpoints.login.initiate({ email: user.email, password: 'secret' })).unwrap();
  };

  it('follows the session: written with each sign-in and change of the user, gone on logout', async () => {
    const store = makeStore({ session: initialSessionState(null) });
    await signIn(store, 't-1', testUser);
    expect(readKnownUser('t-1')).toEqual(testUser);
    const renamed = { ...testUser, name: 'Ana Renamed' };
    store.dispatch(userUpdated(renamed));
    expect(readKnownUser('t-1')).toEqual(renamed);

    // Another broker signs in on the device: only their user is kept, under their token.
    const other = { ...testUser, id: 'u-2', name: 'Bo Other' };
    await signIn(store, 't-2', other);
    expect(readKnownUser('t-1')).toBeNull();
    expect(readKnownUser('t-2')).toEqual(other);

    store.dispatch(logout());
    expect(localStorage.getItem(KNOWN_USER_KEY)).toBeNull();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });
});
