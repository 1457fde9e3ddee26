import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { ACCOUNT_MESSAGES } from '@warriors/contracts';
import { makeStore } from '../../lib/store';
import { callsTo, jsonResponse, mockApi, signedIn, testUser } from '../../../test/render';
import { VerifyEmailBanner } from './VerifyEmailBanner';

const unverified = { ...testUser, email_verified: false };

function renderBanner(user = unverified) {
  return render(
    <Provider store={makeStore(signedIn(user))}>
      <VerifyEmailBanner user={user} />
    </Provider>,
  );
}

describe('VerifyEmailBanner', () => {
  it('names the address to confirm and resends the link', async () => {
    const fetchMock = mockApi({ 'POST /api/email/verify/resend': jsonResponse(202, { detail: ACCOUNT_MESSAGES.verifySent }) });
    renderBanner();
    expect(screen.getByRole('region', { name: 'Confirm your email' })).toHaveTextContent('Confirm your emailLink sent to ana@example.com');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.verifySent)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/email/verify/resend')).toHaveLength(1);
  });

  it("shows the server's limit", async () => {
    mockApi({ 'POST /api/email/verify/resend': jsonResponse(429, { detail: ACCOUNT_MESSAGES.tooManyResend }) });
    renderBanner();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.tooManyResend)).toBeInTheDocument();
  });

  it('is not there once the address is verified', () => {
    mockApi({});
    const { container } = renderBanner(testUser);
    expect(container).toBeEmptyDOMElement();
  });
});
