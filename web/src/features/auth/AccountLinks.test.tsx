import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNT_MESSAGES } from '@warriors/contracts';
import { callsTo, jsonResponse, mockApi, renderApp, signedIn, signedOut, testUser } from '../../../test/render';

beforeEach(() => localStorage.clear());

describe("'Forgot password?'", () => {
  it('leads from the sign-in form to a screen that mails a link, and says the same for any address', async () => {
    const fetchMock = mockApi({ 'POST /api/password/forgot': jsonResponse(202, { detail: ACCOUNT_MESSAGES.forgotAccepted }) });
    const user = userEvent.setup();
    const { router } = renderApp('/auth', signedOut());
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    expect(router.state.location.pathname).toBe('/forgot-password');
    await screen.findByRole('heading', { name: 'Forgot your password?' });

    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Email is required');
    await user.type(screen.getByLabelText('Email'), ' Ana@Example.com ');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));

    expect(await screen.findByText(ACCOUNT_MESSAGES.forgotAccepted)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/password/forgot')).toEqual([expect.objectContaining({ body: { email: 'Ana@Example.com' } })]);
  });

  it('shows the limit when too many links were asked for', async () => {
    mockApi({ 'POST /api/password/forgot': jsonResponse(429, { detail: ACCOUNT_MESSAGES.tooManyForgot }) });
    const user = userEvent.setup();
    renderApp('/forgot-password', signedOut());
    await user.type(await screen.findByLabelText('Email'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.tooManyForgot);
  });
});

describe('the reset link', () => {
  it('asks for the new password twice, then signs in and opens the dashboard', async () => {
    const fetchMock = mockApi({ 'POST /api/password/reset': jsonResponse(200, { access_token: 'fresh-token', token_type: 'bearer', user: testUser }) });
    const user = userEvent.setup();
    const { router, store } = renderApp('/reset-password?token=abc123', signedOut());
    await screen.findByRole('heading', { name: 'Choose a new password' });

    await user.type(screen.getByLabelText('New password'), 'brand new secret');
    await user.type(screen.getByLabelText('Confirm new password'), 'brand new secrte');
    await user.click(screen.getByRole('button', { name: 'Set New Password' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match');
    expect(callsTo(fetchMock, 'POST /api/password/reset')).toEqual([]);

    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'brand new secret');
    await user.click(screen.getByRole('button', { name: 'Set New Password' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(callsTo(fetchMock, 'POST /api/password/reset')).toEqual([expect.objectContaining({ body: { token: 'abc123', password: 'brand new secret' } })]);
    expect(store.getState().session).toMatchObject({ token: 'fresh-token', user: { id: testUser.id } });
    expect(localStorage.getItem('token')).toBe('fresh-token');
  });

  it('says so when the link is refused, and offers a new one', async () => {
    mockApi({ 'POST /api/password/reset': jsonResponse(400, { detail: ACCOUNT_MESSAGES.resetInvalid }) });
    const user = userEvent.setup();
    renderApp('/reset-password?token=used', signedOut());
    await user.type(await screen.findByLabelText('New password'), 'brand new secret');
    await user.type(screen.getByLabelText('Confirm new password'), 'brand new secret');
    await user.click(screen.getByRole('button', { name: 'Set New Password' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.resetInvalid);
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Send me a new link' })).toHaveAttribute('href', '/forgot-password');
  });

  it('refuses a link without a token before anything is sent', async () => {
    const fetchMock = mockApi({});
    renderApp('/reset-password', signedOut());
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.resetInvalid);
    expect(callsTo(fetchMock, 'POST /api/password/reset')).toEqual([]);
  });
});

describe('the verification link', () => {
  it('confirms the address as it opens, once, and the signed-in session follows', async () => {
    const fetchMock = mockApi({ 'POST /api/email/verify': jsonResponse(200, { user: { ...testUser, email_verified: true } }) });
    const { store } = renderApp('/verify-email?token=t0k', signedIn({ ...testUser, email_verified: false }));

    expect(await screen.findByRole('heading', { name: 'Email confirmed' })).toBeInTheDocument();
    expect(screen.getByText(/ana@example.com is confirmed/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(callsTo(fetchMock, 'POST /api/email/verify')).toEqual([expect.objectContaining({ body: { token: 't0k' } })]);
    await waitFor(() => expect(store.getState().session.user?.email_verified).toBe(true));
  });

  it('works signed out, and says why a link is refused', async () => {
    mockApi({ 'POST /api/email/verify': jsonResponse(400, { detail: ACCOUNT_MESSAGES.verifyInvalid }) });
    renderApp('/verify-email?token=old', signedOut());
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.verifyInvalid);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth');
  });
});
