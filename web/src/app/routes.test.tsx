import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { initialSessionState } from '../lib/session';
import { callsTo, jsonResponse, mockApi, mockFetch, pendingForever, renderApp, signedIn, signedOut, testUser } from '../../test/render';
import { connectivityChanged } from '../lib/app-shell';
import { writeKnownUser } from '../lib/token-storage';
import { campaignList } from '../../test/fixtures';
import { startSession } from './start-session';

beforeEach(() => localStorage.clear());

describe('session and routes', () => {
  it("shows 'Loading...' while the stored token's user is being fetched", async () => {
    const { router } = renderApp('/dashboard', { session: initialSessionState('stored-token') });
    await waitFor(() => expect(router.state.initialized).toBe(true));
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('sends an unauthenticated user on a protected route to /auth, without a nav bar', async () => {
    const { router } = renderApp('/stats', signedOut());
    expect(await screen.findByRole('heading', { name: 'Welcome back, warrior' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Account menu' })).not.toBeInTheDocument();
  });

  it('loads the user behind a stored token, then shows the page', async () => {
    localStorage.setItem('token', 'stored-token');
    const fetchMock = mockFetch(jsonResponse(200, testUser));
    const { store } = renderApp('/dashboard');
    startSession(store);

    expect(await screen.findByRole('heading', { name: 'Welcome back, Ana' })).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/me');
    expect(init.headers).toMatchObject({ Authorization: 'Bearer stored-token' });
  });

  it("opening the dashboard, starts its first screen's reads beside /api/me, not after it", async () => {
    localStorage.setItem('token', 'stored-token');
    window.history.pushState({}, '', '/dashboard');
    const fetchMock = mockFetch();
    const { store } = renderApp('/dashboard');
    startSession(store);

    // /api/me is left unanswered: the goals, today's standing and today's board are asked all the same.
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => url as string)).toEqual(expect.arrayContaining(['/api/campaigns', '/api/leaderboard/me?window=today', '/api/leaderboard/today'])),
    );
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/me');
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    window.history.pushState({}, '', '/');
  });

  it("the dashboard's queries take the answers its first reads started, and ask nothing twice", async () => {
    localStorage.setItem('token', 'stored-token');
    window.history.pushState({}, '', '/dashboard');
    const firstReads = {
      'GET /api/campaigns': () => jsonResponse(200, campaignList()),
      'GET /api/leaderboard/me?window=today': () => jsonResponse(200, { rank: 2, points: 40, gap_to_next: 5, window: 'today' }),
      'GET /api/leaderboard/today': () => jsonResponse(200, []),
    };
    const fetchMock = mockApi({ 'GET /api/me': () => jsonResponse(200, testUser), ...firstReads });
    const { store } = renderApp('/dashboard');
    startSession(store);

    expect(await screen.findByRole('heading', { name: 'Welcome back, Ana' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Set Your Daily Goal First' })).toBeInTheDocument();
    for (const key of Object.keys(firstReads)) expect([key, callsTo(fetchMock, key).length]).toEqual([key, 1]);
    window.history.pushState({}, '', '/');
  });

  it('drops a token the server refuses and shows the sign-in screen', async () => {
    localStorage.setItem('token', 'expired');
    mockFetch(jsonResponse(401, { detail: 'Could not validate credentials' }));
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { store, router } = renderApp('/dashboard');
    startSession(store);

    expect(await screen.findByRole('heading', { name: 'Welcome back, warrior' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
    expect(localStorage.getItem('token')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Your session has ended. Please sign in again.');
    expect(logged).toHaveBeenCalledWith('Failed to fetch user', expect.anything());
    logged.mockRestore();
  });

  it("keeps a token whose user the server could not be asked for, and with no user known on the device says it can't reach the server, with 'Try again'", async () => {
    localStorage.setItem('token', 'stored-token');
    const fetchMock = mockApi({ 'GET /api/me': jsonResponse(503, { detail: 'Service unavailable' }) });
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const { store, router } = renderApp('/dashboard');
    startSession(store);

    expect(await screen.findByRole('heading', { name: "Can't reach the server" })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent("Can't reach the server — what needs the server will load when you're back online.");
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(localStorage.getItem('token')).toBe('stored-token');

    fetchMock.mockImplementation(async (url: string) => (url === '/api/me' ? jsonResponse(200, testUser) : pendingForever()));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Welcome back, Ana' })).toBeInTheDocument();
    expect(screen.queryByText(/^Can't reach the server —/)).not.toBeInTheDocument();
    logged.mockRestore();
  });

  it('opens signed in as the user last known on the device when /api/me fails offline, with the offline banner', async () => {
    localStorage.setItem('token', 'stored-token');
    writeKnownUser('stored-token', testUser);
    globalThis.fetch = jest.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { store } = renderApp('/dashboard');
    act(() => store.dispatch(connectivityChanged({ online: false })));
    startSession(store);

    expect(await screen.findByRole('heading', { name: 'Welcome back, Ana' })).toBeInTheDocument();
    expect(screen.getByText("Offline — what needs the server will load when you're back online.")).toHaveRole('status');
    expect(screen.getByRole('button', { name: 'Account menu' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('stored-token');
    logged.mockRestore();
  });

  it('shows the nav bar with the links of the page when signed in', async () => {
    renderApp('/dashboard', signedIn());
    expect(await screen.findByRole('heading', { name: 'Welcome back, Ana' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Battle Ground' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Challenges' })).toHaveAttribute('href', '/challenges');
    expect(within(nav).getByRole('link', { name: 'My Stats' })).toHaveAttribute('href', '/stats');
    expect(within(nav).getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(document.getElementById('battle-ground')).toBeInTheDocument();
  });

  it('opens and closes the account menu from the keyboard, and logs out', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/challenges', signedIn());
    await screen.findByRole('heading', { name: 'Open Challenges' });
    const menuButton = screen.getByRole('button', { name: 'Account menu' });

    await user.click(menuButton);
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton).toHaveFocus();

    await user.click(menuButton);
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('shows an empty notification inbox', async () => {
    const user = userEvent.setup();
    renderApp('/profile', signedIn());
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(screen.getByText('No notifications yet')).toBeInTheDocument();
  });

  it('sends a signed-in user with an invitation link to the challenge', async () => {
    const { router } = renderApp('/?challenge_id=c-7', signedIn());
    await waitFor(() => expect(router.state.location.pathname).toBe('/challenges'));
    expect(router.state.location.search).toBe('?id=c-7');
  });

  it('sends a signed-in user away from /auth to the dashboard', async () => {
    const { router } = renderApp('/auth', signedIn());
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('shows a not-found page with a way home for unknown routes', async () => {
    renderApp('/nowhere', signedOut());
    expect(await screen.findByRole('heading', { name: "This battlefield doesn't exist" })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });

  it('scrolls to the Battle Ground 100 ms after arriving on the dashboard', async () => {
    jest.useFakeTimers();
    const scrolled = jest.fn();
    Element.prototype.scrollIntoView = scrolled;
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { router } = renderApp('/profile', signedIn());
    await user.click(await screen.findByRole('button', { name: 'Battle Ground' }));
    await screen.findByRole('heading', { name: 'Welcome back, Ana' });
    expect(router.state.location.pathname).toBe('/dashboard');

    act(() => jest.advanceTimersByTime(100));
    expect(scrolled).toHaveBeenCalled();
    jest.useRealTimers();
  });
});
