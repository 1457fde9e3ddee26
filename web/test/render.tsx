import { render } from '@testing-library/react';
import type { User } from '@warriors/contracts';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { appRoutes } from '../src/app/routes';
import { makeStore, type RootState } from '../src/lib/store';
import { initialSessionState } from '../src/lib/session';
import { weeklyRecap } from './fixtures';

/** What a board's rank cell shows: the tone of its medal ('gold medal'), or its text ('#4'). */
export function rankShown(cell: HTMLElement): string {
  const tone = ['gold', 'silver', 'bronze'].find((candidate) => cell.querySelector(`.rank-medal--${candidate}`));
  return tone ? `${tone} medal` : (cell.textContent ?? '');
}

export const testUser: User = {
  id: 'u-1',
  name: 'Ana Silva',
  username: 'ana_silva',
  email: 'ana@example.com',
  phone: null,
  company: 'Arena Realty',
  city: 'Austin',
  state: 'TX',
  focus_area: 'tenant_rep',
  timezone: 'America/Chicago',
  bio: null,
  specialty: 'office_leasing',
  x_url: null,
  profile_picture: null,
  profile_public: true,
  show_on_leaderboard: true,
  show_in_battle_pulse: true,
  streak_days: 3,
  streak_mode: 'daily',
  streak_freezes: 0,
  streak_protected: false,
  badges: [],
  email_verified: true,
  pending_email: null,
  created_at: '2025-01-01T00:00:00Z',
};

/** A signed-in session for tests that start past the login. */
export function signedIn(user: User = testUser): Partial<RootState> {
  return { session: { ...initialSessionState('test-token'), user, loading: false } };
}

/** A signed-out session, whatever localStorage holds. */
export function signedOut(): Partial<RootState> {
  return { session: initialSessionState(null) };
}

/** Renders the whole app at `path` with a fresh store, as the browser would after a page load. */
export function renderApp(path: string, preloadedState?: Partial<RootState>) {
  const store = makeStore(preloadedState);
  const router = createMemoryRouter(appRoutes(store), { initialEntries: [path] });
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...view, store, router };
}

/** A stand-in for fetch's Response: the base query reads only ok, status, text() and headers.get(), whose names are case-insensitive. */
export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  const byName = new Map(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  return {
    ok: status >= 200 && status < 300,
    status,
    text: async () => JSON.stringify(body),
    headers: { get: (name: string) => byName.get(name.toLowerCase()) ?? null },
  } as Response;
}

/** A request nobody answers: what the network does for calls a test didn't script (see setup.ts). */
export const pendingForever = () => new Promise<Response>(() => undefined);

/**
 * The nav bar's background polls, the dashboard's Battle Pulse, the deployment's client config (no promo offer, coaching on) and its push
 * config (push off, as on a server without VAPID keys), answered
 * empty unless a test scripts them. RTK Query delays tag invalidation while any query is pending, so a read left pending forever
 * would hold back every refetch.
 */
const BACKGROUND_POLLS: Record<string, unknown> = {
  'GET /api/client-config': { promo_url: null, coaching_enabled: true },
  'GET /api/challenge-invites': [],
  'GET /api/nudges/inbox': [],
  'GET /api/recap/notices': [],
  'GET /api/kudos': [],
  // Asked only on the user's Mondays (a recap of a quiet week), or when the bell opens the recap.
  'GET /api/recap/weekly': weeklyRecap(),
  'GET /api/battle-pulse?limit=20': [],
  'GET /api/push/config': { enabled: false, public_key: null },
  // Settings' email switches.
  'GET /api/mail/preferences': { weekly_recap: true, daily_digest: true, invitations: true },
};

function withQuietBackground(fetchMock: jest.Mock, scripted: (key: string) => boolean): typeof fetch {
  return ((url: string, init: RequestInit = {}) => {
    const key = `${init.method ?? 'GET'} ${url}`;
    if (key in BACKGROUND_POLLS && !scripted(key)) return Promise.resolve(jsonResponse(200, BACKGROUND_POLLS[key]));
    return fetchMock(url, init);
  }) as typeof fetch;
}

/** Replaces the network boundary (global fetch) for one test: answers in order, then leaves calls pending. */
export function mockFetch(...responses: Response[]): jest.Mock {
  const fetchMock = jest.fn(pendingForever);
  for (const response of responses) fetchMock.mockResolvedValueOnce(response);
  globalThis.fetch = withQuietBackground(fetchMock, () => false);
  return fetchMock;
}

type Reply = Response | ((init: RequestInit) => Response | Promise<Response>);

/**
 * Answers by method and path, e.g. 'GET /api/leaderboard/today' or 'POST /api/activity', for screens
 * that fire several requests in no fixed order. Unlisted calls stay pending.
 */
export function mockApi(replies: Record<string, Reply>): jest.Mock {
  const fetchMock = jest.fn(async (url: string, init: RequestInit = {}) => {
    const reply = replies[`${init.method ?? 'GET'} ${url}`];
    if (!reply) return pendingForever();
    return typeof reply === 'function' ? reply(init) : reply;
  });
  globalThis.fetch = withQuietBackground(fetchMock, (key) => key in replies);
  return fetchMock;
}

/** The calls made to one 'METHOD /path', with their parsed JSON bodies and headers. */
export function callsTo(fetchMock: jest.Mock, key: string): { body: unknown; headers: Record<string, string> }[] {
  return (fetchMock.mock.calls as [string, RequestInit?][])
    .filter(([url, init]) => `${init?.method ?? 'GET'} ${url}` === key)
    .map(([, init]) => ({
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: (init?.headers ?? {}) as Record<string, string>,
    }));
}
