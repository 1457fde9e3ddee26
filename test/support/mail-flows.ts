import { randomUUID } from 'node:crypto';
import { ACCOUNT_MESSAGES } from '@warriors/contracts';
import { eventually, type ReceivedMail, type TestSmtp } from '@warriors/test-support';
import { apiClient } from './api-client';

/** Mails take the outbox, the bus and the queue: seconds on a loaded machine. */
const MAIL_WAIT_MS = 20_000;

/** The `nth` mail (1-based) the product sent to `to` whose link goes to `path`. */
export function mailWithLink(inbox: TestSmtp, to: string, path: string, nth = 1): Promise<ReceivedMail> {
  return eventually(
    `mail #${nth} to ${to} with a link to ${path}`,
    () => inbox.received.filter((mail) => mail.to.includes(to) && (mail.parsed.text ?? '').includes(path))[nth - 1],
    MAIL_WAIT_MS,
  );
}

/** Opens the verification link the product mailed to `email`, as its owner would. */
export async function verifyByMail(baseUrl: string, inbox: TestSmtp, email: string): Promise<void> {
  const link = (await mailWithLink(inbox, email, '/verify-email')).linkTo('/verify-email');
  const answer = await apiClient(baseUrl).call('POST', '/api/email/verify', { body: { token: link.searchParams.get('token') } });
  if (answer.status !== 200) throw new Error(`verification answered ${answer.status}: ${JSON.stringify(answer.body)}`);
}

/** Reset, verification and sign-out everywhere through the gateway, the mails read from a real SMTP server. */
export function describeAccountMailThroughGateway(baseUrl: () => string, inbox: () => TestSmtp): void {
  it('resets a forgotten password from the mailed link: signed in, the old password and every earlier token refused; an unknown address answered alike', async () => {
    const api = apiClient(baseUrl());
    const email = `forgetful.${randomUUID()}@example.com`;
    const signedUp = await api.signup({ name: 'Fay Forgetful', email, password: 'the old password' });
    expect(signedUp.status).toBe(201);
    const known = await api.call('POST', '/api/password/forgot', { body: { email } });
    const unknown = await api.call('POST', '/api/password/forgot', { body: { email: `nobody.${randomUUID()}@example.com` } });
    expect([known.status, known.body]).toEqual([202, { detail: ACCOUNT_MESSAGES.forgotAccepted }]);
    expect([unknown.status, unknown.body]).toEqual([known.status, known.body]);

    const mail = await mailWithLink(inbox(), email, '/reset-password');
    expect(mail.parsed.subject).toBe('Reset your Prospect Warriors password');
    const link = mail.linkTo('/reset-password');
    expect(link.origin).toBe(new URL(baseUrl()).origin);
    const reset = await api.call('POST', '/api/password/reset', { body: { token: link.searchParams.get('token'), password: 'the new password' } });
    expect(reset.status).toBe(200);
    expect((await api.call('GET', '/api/me', { token: reset.body.access_token })).body).toMatchObject({ email, email_verified: true });
    expect((await api.call('GET', '/api/me', { token: signedUp.body.access_token })).status).toBe(401);
    expect((await api.call('POST', '/api/login', { body: { email, password: 'the old password' } })).status).toBe(401);
    expect((await api.call('POST', '/api/login', { body: { email, password: 'the new password' } })).status).toBe(200);
    expect((await api.call('POST', '/api/password/reset', { body: { token: link.searchParams.get('token'), password: 'once more please' } })).status).toBe(400);
    await mailWithLink(inbox(), email, '/forgot-password');
  });

  it("verifies a new broker's address from the sign-up mail", async () => {
    const api = apiClient(baseUrl());
    const email = `verify.${randomUUID()}@example.com`;
    const signedUp = await api.signup({ name: 'Vic Verify', email });
    expect(signedUp.body.user).toMatchObject({ email_verified: false });
    await verifyByMail(baseUrl(), inbox(), email);
    expect((await api.call('GET', '/api/me', { token: signedUp.body.access_token })).body).toMatchObject({ email_verified: true });
  });
}
