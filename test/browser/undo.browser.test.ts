import { waitFor } from '@warriors/test-support';
import { apiClient } from '../support/api-client';
import type { Page } from 'playwright-core';
import { accessibilityViolations, browserProductForSuite, PHONE, screenshot } from '../support/browser';

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

describe('quick taps on a phone', () => {
  const product = browserProductForSuite();

  /** Where each tile of the Log Activity grid is, to the pixel. */
  const tilePositions = (page: Page) =>
    page.locator('#log-activity .log-grid > button').evaluateAll((tiles) =>
      tiles.map((tile) => {
        const box = tile.getBoundingClientRect();
        return `${Math.round(box.x)},${Math.round(box.y + window.scrollY)}`;
      }),
    );

  /** Layout shifts the page reported for a node inside the grid since the observer started. */
  const gridShifts = (page: Page) => page.evaluate(() => (window as unknown as { gridShifts: number }).gridShifts);

  it('logs every one of four taps 1 s apart, online then offline, and no log moves a tile', async () => {
    const api = apiClient(product.url);
    const me = await api.signup({ name: 'Tia Tapper', timezone: 'UTC' });
    const token = me.body.access_token as string;
    const userId = me.body.user.id as string;
    expect((await api.call('POST', '/api/campaigns', { token, body: { duration_days: 1, icon: 'target', goals: [{ type: 'cold_call', count: 10 }] } })).status).toBe(201);

    const page = await product.signedIn(token, PHONE);
    await page.addInitScript(() => {
      const counted = window as unknown as { gridShifts: number };
      counted.gridShifts = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { sources?: Array<{ node?: Node | null }> }>) {
          if (entry.sources?.some((source) => source.node instanceof Element && source.node.closest('.log-grid'))) counted.gridShifts += 1;
        }
      }).observe({ type: 'layout-shift', buffered: false });
    });
    await page.goto(`${product.url}/dashboard`);
    await page.getByRole('heading', { name: /^Welcome(?: back)?, Tia$/ }).waitFor();
    const tile = (label: string) => page.locator('#log-activity').getByRole('button', { name: new RegExp(`^${label}`) });
    await tile('Cold Call').waitFor();
    // Each tap lands where its tile was before the first log: a tile that moved would miss (or hit Undo).
    const centres = new Map<string, { x: number; y: number }>();
    const measure = async () => {
      await page.locator('#log-activity .log-grid').evaluate((grid) => grid.scrollIntoView({ block: 'center' }));
      for (const label of ['Cold Call', 'Email', 'Doorknock']) {
        const box = (await tile(label).boundingBox())!;
        centres.set(label, { x: box.x + box.width / 2, y: box.y + box.height / 2 });
      }
      return tilePositions(page);
    };
    let before = await measure();
    const tap = async (label: string) => {
      const { x, y } = centres.get(label)!;
      await page.mouse.click(x, y);
      await page.waitForTimeout(1000);
    };

    for (const label of ['Cold Call', 'Email', 'Doorknock', 'Email']) await tap(label);
    expect(await tilePositions(page)).toEqual(before);
    await screenshot(page, '61-four-taps-online-phone');
    const mine = async () => ((await api.call('GET', '/api/recent-activities')).body as Array<{ user_id: string; activity_type: string }>).filter((row) => row.user_id === userId);
    await waitFor(async () => (await mine()).length === 4, 10_000, 'the four online taps on the server');
    expect((await mine()).map((row) => row.activity_type).sort()).toEqual(['cold_call', 'doorknock', 'email', 'email']);

    await page.context().setOffline(true);
    // The offline banner comes in above the page as the connection goes (not as a log is made): measured after it.
    await page
      .getByText(/^Offline/)
      .first()
      .waitFor();
    before = await measure();
    for (const label of ['Doorknock', 'Doorknock', 'Cold Call', 'Doorknock']) await tap(label);
    await page.getByText('4 logs waiting to sync · 3 Doorknocks, 1 Cold Call').waitFor();
    expect(await tilePositions(page)).toEqual(before);
    await screenshot(page, '62-four-taps-offline-phone');
    await page.context().setOffline(false);
    await page.getByText(/waiting to sync/).waitFor({ state: 'detached', timeout: 20_000 });
    await waitFor(async () => (await mine()).length === 8, 10_000, 'the four offline taps on the server');
    expect(await gridShifts(page)).toBe(0);
    await page.close();
  });
});
