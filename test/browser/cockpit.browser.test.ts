import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { apiClient } from '../support/api-client';
import { browserProductForSuite, DESKTOP, horizontalOverflow, screenshot, SCREENSHOTS } from '../support/browser';

jest.setTimeout(120_000);

/** The viewport of issue 22's phone: the first screen a broker sees on it. */
const PHONE_390 = { width: 390, height: 844 };

/** Fully inside the first screen: the page is at its top and the element ends above the fold. */
async function expectAboveTheFold(page: Page, locator: Locator) {
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(PHONE_390.height);
}

/** The whole page, and the first screen alone: what the broker sees before scrolling. */
async function screenshots(page: Page, name: string) {
  await screenshot(page, name);
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-first-screen.png`) });
}

/**
 * The dashboard's buttons, links and choices a thumb must hit, under 44 px high: the Battle Pulse
 * column aside (its own layout is another change's).
 */
async function smallTapTargets(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('main button, main a, main select, main input'))
      // A box or a radio is hit through its label.
      .map((element) => (element.matches('input[type="checkbox"], input[type="radio"]') ? (element.closest('label') ?? element) : element))
      .filter((element) => !element.closest('section')?.querySelector(':scope > h3')?.textContent?.includes('Battle Pulse'))
      .filter((element) => element.getClientRects().length > 0 && element.getBoundingClientRect().height < 44)
      .map((element) => `${element.tagName} ${element.textContent || element.getAttribute('aria-label') || ''} ${Math.round(element.getBoundingClientRect().height)}`),
  );
}

/** The log buttons' words split across two lines (a label may wrap between words, never inside one). */
async function wordsBrokenInLabels(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('.log-button__label')).flatMap((label) => {
      const text = label.firstChild;
      if (!text || text.nodeType !== Node.TEXT_NODE) return [];
      const broken: string[] = [];
      for (const word of text.textContent!.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(text, word.index);
        range.setEnd(text, word.index + word[0].length);
        const lines = new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top)));
        if (lines.size > 1) broken.push(word[0]);
      }
      return broken;
    }),
  );
}

describe("a broker's morning cockpit on a phone, in a real browser", () => {
  const product = browserProductForSuite();

  it('shows the daily goal, the rank gap by name, the streak and the log buttons on the first screen, and confirms the first goal', async () => {
    const api = apiClient(product.url);
    const rival = await api.signup({ name: 'Marcus Reed', timezone: 'UTC' });
    await api.call('POST', '/api/activity/bulk', { token: rival.body.access_token, body: { activity_type: 'doorknock', quantity: 4, honesty_confirmed: true } });
    const me = await api.signup({ name: 'Nora Newcomer', timezone: 'UTC' });

    const desktop = await product.signedIn(me.body.access_token, DESKTOP);
    await desktop.goto(`${product.url}/dashboard`);
    await desktop.getByText('Set Your Daily Goal First').waitFor();
    await desktop.getByText("Log a shot to get on today's board").waitFor();
    await screenshot(desktop, '80-cockpit-desktop-locked');

    const page = await product.signedIn(me.body.access_token, PHONE_390);
    const logPanel = page.locator('#log-activity');
    const standing = page.getByLabel('Your standing');
    await page.goto(`${product.url}/dashboard`);
    await page.getByRole('heading', { name: /^Welcome(?: back)?, Nora$/ }).waitFor();
    await standing.getByText("Log a shot to get on today's board").waitFor();
    await screenshots(page, '81-cockpit-phone-locked');
    await expectAboveTheFold(page, logPanel.getByRole('button', { name: 'Set Daily Goal' }));
    await expectAboveTheFold(page, standing.getByRole('button', { name: /Today's rank/ }));
    await expectAboveTheFold(page, standing.getByText('Day streak'));
    await expectAboveTheFold(page, standing.getByText('Log today to start a streak'));
    expect(await smallTapTargets(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    // The goal form sits below the panel on a phone: once the goal is in, the unlocked panel comes back into view.
    await logPanel.getByRole('button', { name: 'Set Daily Goal' }).click();
    const goalsPanel = page.locator('#active-goals');
    await goalsPanel.getByRole('checkbox', { name: 'Cold Call' }).check();
    await goalsPanel.getByLabel('Cold Call count').fill('3');
    await goalsPanel.getByRole('button', { name: 'Add Goal' }).click();
    const confirmation = logPanel.getByRole('status').filter({ hasText: 'Daily goal set — start logging' });
    await confirmation.waitFor();
    await page.waitForFunction(() => {
      const top = document.getElementById('log-activity')?.getBoundingClientRect().top;
      return top !== undefined && top >= 0 && top < 200;
    });
    await logPanel.getByRole('button', { name: /Cold Call/ }).click();
    await logPanel.getByText('Recorded!', { exact: true }).waitFor();

    // A cold call is 1 point against Marcus's 12: 12 to pass him. The day's log keeps the streak safe.
    await page.reload();
    await standing.getByText('12 pts to pass Marcus R.').waitFor();
    await standing.getByText('Safe for today').waitFor();
    await page.getByRole('link', { name: 'Daily goal: 33%' }).waitFor();
    await screenshots(page, '82-cockpit-phone-unlocked');
    await expectAboveTheFold(page, page.getByRole('link', { name: 'Daily goal: 33%' }));
    await expectAboveTheFold(page, standing.getByText('12 pts to pass Marcus R.'));
    await expectAboveTheFold(page, standing.getByText('Day streak'));
    for (const name of [/^Cold Call/, /^Bulk Entry/]) await expectAboveTheFold(page, logPanel.getByRole('button', { name }));
    expect(await smallTapTargets(page)).toEqual([]);
    expect(await wordsBrokenInLabels(page)).toEqual([]);

    await desktop.reload();
    await desktop.getByText('12 pts to pass Marcus R.').waitFor();
    await screenshot(desktop, '83-cockpit-desktop-unlocked');
    await page.close();
    await desktop.close();
  });
});
