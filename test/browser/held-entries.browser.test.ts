import { waitFor } from '@warriors/test-support';
import { apiClient } from '../support/api-client';
import { browserProductForSuite, horizontalOverflow, PHONE, screenshot } from '../support/browser';

jest.setTimeout(90_000);

describe('an entry above a daily ceiling in a real browser', () => {
  const product = browserProductForSuite();

  it('is held with a clear message and Confirm, listed until confirmed, then counts on the board', async () => {
    const api = apiClient(product.url);
    const me = await api.signup({ name: 'Nina Letters', timezone: 'UTC' });
    const token = me.body.access_token as string;
    const goal = await api.call('POST', '/api/campaigns', { token, body: { duration_days: 1, icon: 'target', goals: [{ type: 'newsletter_sent', count: 10 }] } });
    expect(goal.status).toBe(201);
    // Five newsletters a day is the ceiling (packages/contracts/ACTIVITIES.md): the sixth is held.
    for (let i = 0; i < 5; i++) expect((await api.call('POST', '/api/activity', { token, body: { activity_type: 'newsletter_sent' } })).status).toBe(201);

    const page = await product.signedIn(token);
    await page.goto(`${product.url}/dashboard`);
    await page.getByRole('heading', { name: /^Welcome(?: back)?, Nina$/ }).waitFor();
    await page
      .locator('#log-activity')
      .getByRole('button', { name: /Newsletter Sent/ })
      .click();
    await page.getByText(/Held for your confirmation: 6 Newsletters Sent today is above the daily limit of 5/).waitFor();
    await screenshot(page, '30-held-entry-notice');

    // Until confirmed its 3 points are not on the board: 15 from the five before it.
    const board = async () => (await api.call('GET', '/api/leaderboard/me?window=today', { token })).body.points as number;
    expect(await board()).toBe(15);

    // A reload shows it in the held list, where it can be confirmed later.
    await page.reload();
    const held = page.getByRole('region', { name: 'Held for your confirmation' });
    await held.getByText(/1 Newsletter Sent on/).waitFor();
    await page.setViewportSize(PHONE);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, '31-held-entries-phone');

    await held.getByRole('button', { name: /^Confirm 1 Newsletter Sent/ }).click();
    await page.getByText('Confirmed: its points are on the leaderboards.').waitFor();
    await waitFor(async () => (await board()) === 18, 10_000, 'the confirmed newsletter on the board');
    expect((await api.call('GET', '/api/activity/held', { token })).body).toEqual([]);
  });
});
