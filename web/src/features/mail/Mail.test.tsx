import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MAIL_MESSAGES } from '@warriors/contracts';
import { callsTo, jsonResponse, mockApi, renderApp, signedIn, signedOut } from '../../../test/render';

beforeEach(() => localStorage.clear());

describe('Settings: email notifications', () => {
  it('shows each kind as saved and saves a switch as it flips', async () => {
    const fetchMock = mockApi({
      'GET /api/mail/preferences': jsonResponse(200, { weekly_recap: true, daily_digest: false, invitations: true }),
      'PUT /api/mail/preferences': jsonResponse(200, { weekly_recap: false, daily_digest: false, invitations: true }),
    });
    const user = userEvent.setup();
    renderApp('/profile', signedIn());
    const panel = within(await screen.findByRole('region', { name: /^Email$/ }));
    const recap = await panel.findByRole('switch', { name: 'Weekly recap' });
    expect(recap).toHaveAttribute('aria-checked', 'true');
    expect(panel.getByRole('switch', { name: 'Daily digest' })).toHaveAttribute('aria-checked', 'false');

    await user.click(recap);
    await screen.findByRole('switch', { name: 'Weekly recap', checked: false });
    expect(callsTo(fetchMock, 'PUT /api/mail/preferences')).toEqual([expect.objectContaining({ body: { weekly_recap: false, daily_digest: false, invitations: true } })]);
  });
});

describe('the unsubscribe link', () => {
  it('unsubscribes on a click, not on opening, without a session', async () => {
    const fetchMock = mockApi({ 'POST /api/mail/unsubscribe?token=signed': jsonResponse(200, { detail: MAIL_MESSAGES.unsubscribed.daily_digest, kind: 'daily_digest' }) });
    const user = userEvent.setup();
    renderApp('/unsubscribe?token=signed', signedOut());
    await screen.findByRole('heading', { name: 'Unsubscribe from these emails?' });
    expect(callsTo(fetchMock, 'POST /api/mail/unsubscribe?token=signed')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('heading', { name: 'You are unsubscribed' })).toBeInTheDocument();
    expect(screen.getByText(MAIL_MESSAGES.unsubscribed.daily_digest)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/mail/unsubscribe?token=signed')).toHaveLength(1);
  });

  it('says so when the link is refused', async () => {
    mockApi({ 'POST /api/mail/unsubscribe?token=forged': jsonResponse(400, { detail: MAIL_MESSAGES.unsubscribeInvalid }) });
    const user = userEvent.setup();
    renderApp('/unsubscribe?token=forged', signedOut());
    await user.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MAIL_MESSAGES.unsubscribeInvalid);
  });
});
