import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { ACCOUNT_MESSAGES } from '@warriors/contracts';
import { startTestSmtp, type TestSmtp } from '@warriors/test-support';
import { apiClient } from '../support/api-client';
import { browserProductForSuite, horizontalOverflow, PHONE, screenshot, SCREENSHOTS } from '../support/browser';
import { mailWithLink } from '../support/mail-flows';

jest.setTimeout(120_000);

/** The account's mails in Chromium, read from a real SMTP server the embedded product sends to. */
describe('a broker recovers and secures the account by mail', () => {
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
  });
  afterAll(() => smtp?.stop());
  const product = browserProductForSuite(() => ({ mail: { smtpUrl: smtp.url } }));

  it("resets a forgotten password from the link the mail brings: signed in on the dashboard, the old password and the old session's token refused", async () => {
    const api = apiClient(product.url);
    const email = `forgetful.${randomUUID()}@example.com`;
    const signedUp = await api.signup({ name: 'Fay Forgetful', email, password: 'the old password', timezone: 'UTC' });
    expect(signedUp.status).toBe(201);

    const page = await product.signedOut();
    await page.goto(`${product.url}/auth`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText(ACCOUNT_MESSAGES.forgotAccepted).waitFor();
    await screenshot(page, 'account-01-forgot-password-sent');

    const link = (await mailWithLink(smtp, email, '/reset-password')).linkTo('/reset-password');
    await page.goto(link.toString());
    await page.getByLabel('New password', { exact: true }).fill('the new password');
    await page.getByLabel('Confirm new password', { exact: true }).fill('the new passwrod');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page.getByText('Passwords do not match').waitFor();
    await screenshot(page, 'account-02-reset-mismatch');
    await page.getByLabel('Confirm new password', { exact: true }).fill('the new password');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByText(/^Welcome(?: back)?, Fay$/).waitFor();
    await screenshot(page, 'account-03-reset-signed-in');

    expect((await api.call('POST', '/api/login', { body: { email, password: 'the old password' } })).status).toBe(401);
    expect((await api.call('GET', '/api/me', { token: signedUp.body.access_token })).status).toBe(401);
    expect((await api.call('POST', '/api/login', { body: { email, password: 'the new password' } })).status).toBe(200);
    // The link is spent: opened again, it says so.
    await page.goto(link.toString());
    await page.getByLabel('New password', { exact: true }).fill('a third password');
    await page.getByLabel('Confirm new password', { exact: true }).fill('a third password');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page.getByRole('alert').getByText(ACCOUNT_MESSAGES.resetInvalid).waitFor();
    await page.close();
  });

  it("confirms the address from the dashboard's reminder, its resent link opened in the browser, and the reminder goes", async () => {
    const api = apiClient(product.url);
    const email = `unconfirmed.${randomUUID()}@example.com`;
    const signedUp = await api.signup({ name: 'Uma Unconfirmed', email, timezone: 'UTC' });
    expect(signedUp.status).toBe(201);

    const page = await product.signedIn(signedUp.body.access_token, PHONE);
    await page.goto(`${product.url}/dashboard`);
    const reminder = page.getByRole('region', { name: 'Confirm your email' });
    await reminder.getByText(email).waitFor();
    await reminder.getByRole('button', { name: 'Resend' }).click();
    await reminder.getByText(ACCOUNT_MESSAGES.verifySent).waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'account-04-dashboard-reminder-phone');

    const link = (await mailWithLink(smtp, email, '/verify-email', 2)).linkTo('/verify-email');
    await page.goto(link.toString());
    await page.getByRole('heading', { name: 'Email confirmed' }).waitFor();
    await screenshot(page, 'account-05-email-confirmed-phone');
    await page.getByRole('link', { name: 'Go to your dashboard' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByText(/^Welcome(?: back)?, Uma$/).waitFor();
    expect(await page.getByRole('region', { name: 'Confirm your email' }).count()).toBe(0);

    await page.goto(`${product.url}/profile#security`);
    const security = page.getByRole('region', { name: 'Sign-in and security' });
    await security.getByText('Verified', { exact: true }).waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
    await security.screenshot({ path: path.join(SCREENSHOTS, 'account-06-settings-security-phone.png') });
    await page.close();
  });

  it('changes the password in Settings: this tab stays signed in with the renewed token, every other session ends', async () => {
    const api = apiClient(product.url);
    const email = `careful.${randomUUID()}@example.com`;
    const signedUp = await api.signup({ name: 'Cara Careful', email, password: 'the old password', timezone: 'UTC' });
    const elsewhere = await api.call('POST', '/api/login', { body: { email, password: 'the old password' } });
    expect([signedUp.status, elsewhere.status]).toEqual([201, 200]);

    const page = await product.signedIn(signedUp.body.access_token);
    await page.goto(`${product.url}/profile`);
    const security = page.getByRole('region', { name: 'Sign-in and security' });
    await security.getByLabel('Current password', { exact: true }).fill('the old password');
    await security.getByLabel('New password', { exact: true }).fill('the new password');
    await security.getByLabel('Confirm new password', { exact: true }).fill('the new password');
    await security.getByRole('button', { name: 'Change Password' }).click();
    await security.getByText(ACCOUNT_MESSAGES.passwordChanged).waitFor();
    await screenshot(page, 'account-07-password-changed');

    expect((await api.call('GET', '/api/me', { token: elsewhere.body.access_token })).status).toBe(401);
    await mailWithLink(smtp, email, '/forgot-password');
    // This tab keeps the answer's token, which the server takes (a reload here would put the page's first token back).
    const kept = await page.evaluate(() => localStorage.getItem('token'));
    expect(kept).not.toBe(signedUp.body.access_token);
    expect((await api.call('GET', '/api/me', { token: kept ?? '' })).status).toBe(200);
    await page.getByRole('link', { name: 'Prospect Warriors, go to dashboard' }).click();
    await page.getByText(/^Welcome(?: back)?, Cara$/).waitFor();
    await page.close();
  });
});
