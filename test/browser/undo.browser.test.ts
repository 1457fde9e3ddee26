import { waitFor } from '@warriors/test-support';
import { apiClient } from '../support/api-client';
import { accessibilityViolations, browserProductForSuite, screenshot } from '../support/browser';

jest.setTimeout(90_000);

describe("the 'Recorded!' confirmation's Undo in a real browser", () => {
  const product = browserProductForSuite();

  it('takes the entry just logged back off the board and the feed, by keyboard', async () => {
    const api = apiClient(product.url);
    const me = await api.signup({ name: 'Uma Undo', timezone: 'UTC' });
    const token = me.body.access_token as string;
    const userId = me.body.user.id as string;
    // A daily goal keeps the Log Activity panel open.
    const goal = await api.call('POST', '/api/campaigns', { token, body: { duration_days: 1, icon: 'target', goals: [{ type: 'cold_call', count: 10 }] } });
    expect(goal.status).toBe(201);
    // One cold call that stays, logged before the page opens.
    expect((await api.call('POST', '/api/activity', { token, body: { activity_type: 'cold_call' } })).status).toBe(201);

    const page = await product.signedIn(token);
    await page.goto(`${product.url}/dashboard`);
    await page.getByRole('heading', { name: /^Welcome(?: back)?, Uma$/ }).waitFor();
    await page
      .locator('#log-activity')
      .getByRole('button', { name: /^Cold Call/ })
      .click();
    const undo = page.getByRole('button', { name: 'Undo' });
    await undo.waitFor();
    await page.getByText('Recorded! 1 Cold Call').waitFor();
    expect(await accessibilityViolations(page, '#log-activity')).toEqual([]);
    await screenshot(page, '60-undo-offer');
    const board = async () => (await api.call('GET', '/api/leaderboard/me?window=today', { token })).body.points as number;
    await waitFor(async () => (await board()) === 2, 10_000, 'both cold calls on the board');

    await undo.focus();
    await page.keyboard.press('Enter');
    await undo.waitFor({ state: 'detached' });
    await waitFor(async () => (await board()) === 1, 10_000, 'the undone cold call off the board');
    const feed = (await api.call('GET', '/api/recent-activities')).body as Array<{ user_id: string }>;
    expect(feed.filter((row) => row.user_id === userId)).toHaveLength(1);
  });
});
