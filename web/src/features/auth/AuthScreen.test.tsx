import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockFetch, renderApp, signedOut, testUser } from '../../../test/render';

async function openSignUp() {
  const user = userEvent.setup();
  const view = renderApp('/auth', signedOut());
  await screen.findByRole('heading', { name: 'Welcome back, warrior' });
  await user.click(screen.getByRole('button', { name: 'Create an account' }));
  return { user, ...view };
}

async function fillValidSignUp(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Name'), 'Ana Silva');
  await user.type(screen.getByLabelText('Email'), 'ana@example.com');
  await user.type(screen.getByLabelText('Password'), 'short');
  await user.selectOptions(screen.getByLabelText('Focus area'), 'Tenant Rep');
}

beforeEach(() => localStorage.clear());

describe('AuthScreen', () => {
  it('toggles between sign in and create account', async () => {
    const { user } = await openSignUp();
    expect(screen.getByRole('heading', { name: 'Join the battle' })).toBeInTheDocument();
    for (const label of ['Name', 'Phone', 'Company', 'City', 'State', 'Focus area', 'Timezone']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Timezone')).toHaveValue(Intl.DateTimeFormat().resolvedOptions().timeZone);

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('heading', { name: 'Welcome back, warrior' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('asks for the required sign-up fields before sending anything', async () => {
    const fetchMock = mockFetch();
    const { user } = await openSignUp();
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    const alert = screen.getByRole('alert');
    for (const message of ['Name is required', 'Email is required', 'Password is required', 'Focus area is required']) {
      expect(alert).toHaveTextContent(message);
    }
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('rejects an email that does not look like one', async () => {
    const fetchMock = mockFetch();
    const { user } = await openSignUp();
    await fillValidSignUp(user);
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'ana.example.com');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(screen.getByRole('alert')).toHaveTextContent('Enter a valid email address');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('rejects a state longer than 2 characters', async () => {
    const fetchMock = mockFetch();
    const { user } = await openSignUp();
    await fillValidSignUp(user);
    // The input's maxLength stops typing; a pasted or autofilled value can still get through.
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'TEX' } });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(screen.getByRole('alert')).toHaveTextContent('State must be at most 2 characters');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows a server validation error as 'field: message' in the red box", async () => {
    const fetchMock = mockFetch(jsonResponse(422, { detail: [{ loc: ['body', 'password'], msg: 'Password must be at least 8 characters' }] }));
    const { user } = await openSignUp();
    await fillValidSignUp(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('password: Password must be at least 8 characters');
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/signup');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toMatchObject({ name: 'Ana Silva', email: 'ana@example.com', focus_area: 'tenant_rep' });
  });

  it("sends the device's timezone when the broker leaves the field, and the one they pick otherwise", async () => {
    const fetchMock = mockFetch(jsonResponse(422, { detail: 'no' }), jsonResponse(422, { detail: 'no' }));
    const { user } = await openSignUp();
    await fillValidSignUp(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await screen.findByRole('alert');
    await user.selectOptions(screen.getByLabelText('Timezone'), 'Asia/Tokyo');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));

    const sent = (fetchMock.mock.calls as [string, RequestInit][]).map(([, init]) => JSON.parse(init.body as string).timezone);
    expect(sent).toEqual([Intl.DateTimeFormat().resolvedOptions().timeZone, 'Asia/Tokyo']);
  });

  it("falls back to 'Login failed' when the server gives no detail", async () => {
    mockFetch(jsonResponse(500, {}));
    const user = userEvent.setup();
    renderApp('/auth', signedOut());
    await user.type(await screen.findByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed');
  });

  it('signs in, keeps the token and goes to the dashboard', async () => {
    mockFetch(jsonResponse(200, { access_token: 'jwt-1', token_type: 'bearer', user: testUser }));
    const user = userEvent.setup();
    const { router } = renderApp('/', signedOut());
    await user.type(await screen.findByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('heading', { name: 'Welcome back, Ana' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(localStorage.getItem('token')).toBe('jwt-1');
  });

  it('says Challenge not found for a link to no challenge (or a private one)', async () => {
    mockFetch(jsonResponse(404, { detail: 'Challenge not found' }));
    renderApp('/?challenge_id=999', signedOut());

    const card = await screen.findByRole('complementary', { name: 'Challenge invitation' });
    expect(await within(card).findByRole('alert')).toHaveTextContent('Challenge not found');
    // Nothing to accept: the card says only that.
    expect(card).toHaveTextContent(/^Challenge not found$/);
    expect(screen.queryByText("You've been invited to join a challenge")).not.toBeInTheDocument();
  });

  it.each(['/?challenge_id=c-9', '/auth?challenge_id=c-9'])("opens an invitation link (%s) on 'Create account', most invitees being new", async (path) => {
    mockFetch(
      jsonResponse(200, {
        id: 'c-9',
        name: 'Cold Call Clash',
        description: null,
        start_at: '2026-11-01T00:00:00Z',
        end_at: '2026-11-30T00:00:00Z',
        members_count: 3,
        owner_name: 'Sam W.',
      }),
    );
    const user = userEvent.setup();
    renderApp(path, signedOut());

    expect(await screen.findByRole('heading', { name: 'Join the battle' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeInTheDocument();
    expect(await screen.findByText('Sign in or create your account to accept.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('heading', { name: 'Welcome back, warrior' })).toBeInTheDocument();
  });

  it('opens on sign in without an invitation link', async () => {
    renderApp('/auth', signedOut());
    expect(await screen.findByRole('heading', { name: 'Welcome back, warrior' })).toBeInTheDocument();
  });

  it('shows the generic invitation when the challenge cannot be read, and goes to the challenge after signing in', async () => {
    const fetchMock = mockFetch(jsonResponse(503, { detail: 'Service unavailable' }), jsonResponse(200, { access_token: 'jwt-2', token_type: 'bearer', user: testUser }));
    const user = userEvent.setup();
    const { router } = renderApp('/?challenge_id=c-9', signedOut());

    expect(await screen.findByText("You've been invited to join a challenge")).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/challenges/public/c-9', expect.anything());
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/challenges'));
    expect(router.state.location.search).toBe('?id=c-9');
  });
});
