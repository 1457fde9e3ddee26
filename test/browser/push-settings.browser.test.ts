import webpush from 'web-push';
import { apiClient } from '../support/api-client';
import { accessibilityViolations, browserProductForSuite, horizontalOverflow, screenshot } from '../support/browser';

jest.setTimeout(90_000);

describe('the Notifications panel in a real browser', () => {
  // Made for this run: the embedded product reads them as it reads VAPID_* from its environment.
  const vapid = webpush.generateVAPIDKeys();
  const product = browserProductForSuite(() => ({ vapid: { publicKey: vapid.publicKey, privateKey: vapid.privateKey, subject: 'mailto:ops@prospect-warriors.test' } }));

  it('chooses the kinds and quiet hours by keyboard, saved for every device; axe-clean at 390 px, and reached from the bell', async () => {
    const api = apiClient(product.url);
    const me = await api.signup({ name: 'Pia Pusher', timezone: 'America/Chicago' });
    const token = me.body.access_token as string;
    const page = await product.signedIn(token, { width: 390, height: 844 });
    await page.goto(`${product.url}/dashboard`);
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await page.getByRole('link', { name: 'Notification settings' }).click();
    const panel = page.getByRole('region', { name: 'Notifications' });
    const kudos = panel.getByRole('checkbox', { name: 'Kudos on my entries' });
    await kudos.waitFor();
    await panel.getByRole('button', { name: 'Enable on this device' }).waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await panel.scrollIntoViewIfNeeded();
    await screenshot(page, '41-notification-settings-phone');
    expect(await accessibilityViolations(page)).toEqual([]);

    // Space toggles a focused checkbox; the quiet hours' time fields take typed digits; Enter submits.
    await kudos.focus();
    await page.keyboard.press('Space');
    expect(await kudos.isChecked()).toBe(false);
    await panel.getByLabel('From', { exact: true }).focus();
    // Chromium's time field in en-US: hour, minute, then AM/PM.
    await page.keyboard.type('1030P');
    await panel.getByRole('button', { name: 'Save notification settings' }).focus();
    await page.keyboard.press('Enter');
    await panel.getByText('Notification settings saved.').waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    expect((await api.call('GET', '/api/push/preferences', { token })).body).toEqual({
      kinds: { nudges: true, invitations: true, kudos: false, passed: true },
      quiet_start: '22:30',
      quiet_end: '07:00',
    });
    await page.close();
  });
});
