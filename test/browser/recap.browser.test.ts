import path from 'node:path';
import type { Page } from 'playwright-core';
import { browserProductForSuite, DESKTOP, horizontalOverflow, screenshot, SCREENSHOTS } from '../support/browser';
import { buildRecapWorld, movableClock, RECAP_MONDAY, type RecapWorld } from '../support/recap-world';

jest.setTimeout(180_000);

const PHONE_390 = { width: 390, height: 844 };

/**
 * A broker's Monday: the dashboard's weekly recap card shows last week against the week before,
 * Dismiss hides it for the week (a reload too), and the bell's recap line brings it back. The
 * product's clock and the page's are on Monday 23 November 2026, 10:00 in Chicago.
 */
describe('the weekly recap on a Monday', () => {
  const clock = movableClock();
  const product = browserProductForSuite(() => ({ clock }));
  let world: RecapWorld;

  beforeAll(async () => {
    world = await buildRecapWorld(product.url, clock);
  });

  async function mondayDashboard(viewport: typeof DESKTOP): Promise<Page> {
    const page = await product.signedIn(world.token, viewport);
    await page.clock.setFixedTime(new Date(RECAP_MONDAY));
    await page.goto(`${product.url}/dashboard`);
    return page;
  }

  it('shows last week against the week before, at 1280 and 390 px, without sideways scrolling', async () => {
    for (const [name, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE_390],
    ] as const) {
      const page = await mondayDashboard(viewport);
      const card = page.getByRole('region', { name: 'Your week in review' });
      await card.getByText('Nov 16 – Nov 22, against Nov 9 – Nov 15').waitFor();
      const figure = (label: string) => card.locator('.recap__figure').filter({ has: page.getByText(label, { exact: true }) });
      expect(await figure('Points').innerText()).toMatch(/60\s*\+40 vs\. the week before/);
      expect(await figure('Rank').innerText()).toMatch(/#1\s*Up 1 place/);
      expect(await figure('Best day').innerText()).toMatch(/Wed, Nov 18\s*60 points\s*Week before: Tue, Nov 10, 20 points/);
      expect(await figure('Badges earned').innerText()).toMatch(/3\s*\+3 vs\. the week before\s*Daily Victory, Call Crusher, First Meeting/);
      expect(await card.getByRole('list', { name: 'Activities by type' }).innerText()).toMatch(/50 Cold Calls\s*\+30\s*1 Meeting\s*\+1/);
      expect(await horizontalOverflow(page)).toBe(0);
      await card.scrollIntoViewIfNeeded();
      await card.screenshot({ path: path.join(SCREENSHOTS, `recap-card-${name}.png`) });
      await screenshot(page, `recap-dashboard-${name}`);
      await page.close();
    }
  });

  it('stays dismissed for the week after a reload, and the bell’s line opens it again and reads as read', async () => {
    const page = await mondayDashboard(DESKTOP);
    const card = page.getByRole('region', { name: 'Your week in review' });
    await card.waitFor();
    // The keyboard reaches Dismiss and presses it.
    await card.getByRole('button', { name: "Dismiss this week's recap" }).focus();
    await page.keyboard.press('Enter');
    await card.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('region', { name: 'Battle Ground' }).waitFor();
    expect(await card.count()).toBe(0);

    await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
    await page.getByRole('button', { name: /Your weekly recap is ready: Nov 16 – Nov 22/ }).click();
    await card.waitFor();
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    await screenshot(page, 'recap-opened-from-bell');
    await page.close();
  });
});
