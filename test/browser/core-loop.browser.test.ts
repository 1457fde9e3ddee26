import { apiClient } from '../support/api-client';
import { browserProductForSuite, horizontalOverflow, PHONE, screenshot } from '../support/browser';

jest.setTimeout(90_000);

describe('a broker logging from the dashboard in a real browser', () => {
  const product = browserProductForSuite();

  it('sees points, streak, rank and a badge popup appear as they log', async () => {
    const api = apiClient(product.url);
    const rival = await api.signup({ name: 'Rosa Rival', timezone: 'UTC' });
    await api.call('POST', '/api/activity/bulk', { token: rival.body.access_token, body: { activity_type: 'doorknock', quantity: 4, honesty_confirmed: true } });
    const me = await api.signup({ name: 'Diego Hunter', timezone: 'UTC' });
    // Logging opens once a daily goal exists (goals.browser.test.ts walks through setting one).
    const goal = await api.call('POST', '/api/campaigns', { token: me.body.access_token, body: { duration_days: 1, icon: 'target', goals: [{ type: 'cold_call', count: 50 }] } });
    expect(goal.status).toBe(201);
    const page = await product.signedIn(me.body.access_token);

    await page.goto(`${product.url}/dashboard`);
    await page.getByRole('heading', { name: /^Welcome(?: back)?, Diego$/ }).waitFor();
    await page.getByText('Rosa R.').first().waitFor();
    await screenshot(page, '10-dashboard-before-logging');

    const logPanel = page.locator('#log-activity');
    await logPanel.getByRole('button', { name: /Cold Call/ }).click();
    await page.getByText('Recorded!', { exact: true }).waitFor();

    await logPanel.getByRole('button', { name: /^Meeting/ }).click();
    await page.getByRole('button', { name: 'Log Meeting' }).click();
    await page.getByText('Please confirm you are working on the honor system').waitFor();
    await page.getByLabel('I confirm I am working on the honor system').check();
    await page.getByRole('button', { name: 'Log Meeting' }).click();
    await page.getByText('Badge Unlocked!').waitFor();
    await page.getByText('First Meeting').first().waitFor();
    await screenshot(page, '11-badge-unlocked');

    // Diego has 11 points, one behind Rosa's 12: a bulk entry takes him past her.
    await logPanel.getByRole('button', { name: /Bulk Entry/ }).click();
    await page.getByLabel('Activity', { exact: true }).selectOption('cold_call');
    await page.getByLabel('Quantity', { exact: true }).fill('25');
    await page.getByRole('button', { name: 'Log Bulk Entry' }).click();
    await page.getByText('For entries over 20, please provide a brief description (at least 10 characters)').waitFor();
    await page.getByText('Please confirm the accuracy of your entry').waitFor();
    await screenshot(page, '12-bulk-rules');
    await page.getByLabel('Note', { exact: true }).fill('Morning block of owner calls');
    await page.getByLabel('I confirm this entry is accurate').check();
    await page.getByRole('button', { name: 'Log Bulk Entry' }).click();

    // 1 + 10 + 25 = 36 points, ahead of Rosa's 12: rank #1, a one-day streak, the badge counted.
    const stats = page.locator('.stat');
    await stats.filter({ hasText: "Today's rank" }).getByText('#1').waitFor();
    await stats.filter({ hasText: 'Day streak' }).getByText('1', { exact: true }).waitFor();
    await page.locator('#battle-ground').getByText('36').first().waitFor();
    await screenshot(page, '13-dashboard-after-logging');

    await page.goto(`${product.url}/leaderboard`);
    await page.getByText('(You)').waitFor();
    await screenshot(page, '14-leaderboard');

    await page.goto(`${product.url}/badges`);
    await page.getByText('Not earned yet').first().waitFor();
    // 26 cold calls logged today: Call Crusher's line counts the 24 still to make.
    await page.getByRole('progressbar', { name: 'Call Crusher progress' }).waitFor();
    await page.getByText('24 more cold calls to Call Crusher').waitFor();
    await screenshot(page, '15-badges');
    await page.close();

    const phone = await product.signedIn(me.body.access_token, PHONE);
    await phone.goto(`${product.url}/dashboard`);
    await phone.getByRole('heading', { name: /^Welcome(?: back)?, Diego$/ }).waitFor();
    await screenshot(phone, '16-phone-dashboard');
    expect(await horizontalOverflow(phone)).toBeLessThanOrEqual(0);
    await phone.close();
  });
});
