import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNT_MESSAGES } from '@warriors/contracts';
import { callsTo, jsonResponse, mockApi, renderApp, signedIn, testUser } from '../../../test/render';

beforeEach(() => localStorage.clear());

const security = async () => within(await screen.findByRole('region', { name: 'Sign-in and security' }));

describe('Settings: sign-in and security', () => {
  it('changes the email: the new address waits for its link, the old one stays until then', async () => {
    const fetchMock = mockApi({ 'PUT /api/settings/email': jsonResponse(200, { user: { ...testUser, pending_email: 'ana@new.example.com' } }) });
    const user = userEvent.setup();
    const { store } = renderApp('/profile', signedIn());
    const panel = await security();
    expect(panel.getByText('Verified')).toBeInTheDocument();

    await user.type(panel.getByLabelText('New email'), 'ana@new.example.com');
    await user.click(panel.getByRole('button', { name: 'Change Email' }));
    expect(panel.getByRole('alert')).toHaveTextContent('Password is required');

    await user.type(panel.getByLabelText('Password'), 'correct horse');
    await user.click(panel.getByRole('button', { name: 'Change Email' }));
    expect(await panel.findByText(ACCOUNT_MESSAGES.emailChangeSent)).toBeInTheDocument();
    expect(panel.getByText('ana@new.example.com')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT /api/settings/email')).toEqual([expect.objectContaining({ body: { email: 'ana@new.example.com', password: 'correct horse' } })]);
    expect(store.getState().session.user).toMatchObject({ email: testUser.email, pending_email: 'ana@new.example.com' });
  });

  it("shows the server's refusal of a wrong password", async () => {
    mockApi({ 'PUT /api/settings/password': jsonResponse(400, { detail: ACCOUNT_MESSAGES.wrongCurrentPassword }) });
    const user = userEvent.setup();
    const { store } = renderApp('/profile', signedIn());
    const panel = await security();
    await user.type(panel.getByLabelText('Current password'), 'wrong one');
    await user.type(panel.getByLabelText('New password'), 'brand new secret');
    await user.type(panel.getByLabelText('Confirm new password'), 'brand new secret');
    await user.click(panel.getByRole('button', { name: 'Change Password' }));
    expect(await panel.findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.wrongCurrentPassword);
    expect(store.getState().session.token).toBe('test-token');
  });

  it('changes the password and keeps this device signed in with the new token', async () => {
    const fetchMock = mockApi({ 'PUT /api/settings/password': jsonResponse(200, { access_token: 'renewed', token_type: 'bearer', user: testUser }) });
    const user = userEvent.setup();
    const { store } = renderApp('/profile', signedIn());
    const panel = await security();
    await user.type(panel.getByLabelText('Current password'), 'correct horse');
    await user.type(panel.getByLabelText('New password'), 'brand new secret');
    await user.type(panel.getByLabelText('Confirm new password'), 'brand new typo');
    await user.click(panel.getByRole('button', { name: 'Change Password' }));
    expect(panel.getByRole('alert')).toHaveTextContent('Passwords do not match');

    await user.clear(panel.getByLabelText('Confirm new password'));
    await user.type(panel.getByLabelText('Confirm new password'), 'brand new secret');
    await user.click(panel.getByRole('button', { name: 'Change Password' }));
    expect(await panel.findByText(ACCOUNT_MESSAGES.passwordChanged)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT /api/settings/password')).toEqual([expect.objectContaining({ body: { current_password: 'correct horse', new_password: 'brand new secret' } })]);
    expect(store.getState().session.token).toBe('renewed');
    expect(localStorage.getItem('token')).toBe('renewed');
    expect(panel.getByLabelText('Current password')).toHaveValue('');
  });

  it('signs out every other device after a confirmation that keeps focus, and this one goes on', async () => {
    const fetchMock = mockApi({ 'POST /api/sessions/revoke': jsonResponse(200, { access_token: 'only-this-one', token_type: 'bearer', user: testUser }) });
    const user = userEvent.setup();
    const { store } = renderApp('/profile', signedIn());
    const panel = await security();
    await user.click(panel.getByRole('button', { name: 'Sign out of all devices' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out of all devices?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(fetchMock, 'POST /api/sessions/revoke')).toEqual([]);

    await user.click(panel.getByRole('button', { name: 'Sign out of all devices' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sign Out Everywhere' }));
    expect(await panel.findByText(ACCOUNT_MESSAGES.sessionsRevoked)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(store.getState().session).toMatchObject({ token: 'only-this-one', user: { id: testUser.id } });
  });

  it('keeps the session when a refused read used a token renewed since (the live socket closing the old one)', async () => {
    let answerMe: (response: Response) => void = () => undefined;
    mockApi({
      'GET /api/me': () => new Promise<Response>((resolve) => (answerMe = resolve)),
      'POST /api/sessions/revoke': jsonResponse(200, { access_token: 'only-this-one', token_type: 'bearer', user: testUser }),
    });
    const user = userEvent.setup();
    const { store } = renderApp('/profile', signedIn());
    const { fetchCurrentUser } = await import('../../lib/session');
    const reading = store.dispatch(fetchCurrentUser());
    const panel = await security();
    await user.click(panel.getByRole('button', { name: 'Sign out of all devices' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sign Out Everywhere' }));
    await waitFor(() => expect(store.getState().session.token).toBe('only-this-one'));
    answerMe(jsonResponse(401, { detail: 'Could not validate credentials' }));
    await reading;
    expect(store.getState().session).toMatchObject({ token: 'only-this-one', user: { id: testUser.id }, notice: null });
  });
});
