import type { Page } from 'playwright-core';
import { waitFor } from '@warriors/test-support';
import { apiClient } from '../support/api-client';
import { accessibilityViolations, browserProductForSuite, screenshot } from '../support/browser';

jest.setTimeout(120_000);

const PENDING = "Will sync when you're back online";

/** The device's queue, read and written in the page: the real IndexedDB of Chromium. */
const queued = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<Array<Record<string, unknown> & { key: string; logged_at: string; body: Record<string, unknown> }>>((resolve, reject) => {
        const open = indexedDB.open('prospect-warriors-offline', 1);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('pending_logs', 'readonly').objectStore('pending_logs').getAll();
          all.onsuccess = () => resolve(all.result);
          all.onerror = () => reject(all.error);
        };
      }),
  );

const putQueued = (page: Page, entry: Record<string, unknown>) =>
  page.evaluate(
    (value) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('prospect-warriors-offline', 1);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const put = open.result.transaction('pending_logs', 'readwrite').objectStore('pending_logs').put(value);
          put.onsuccess = () => resolve();
          put.onerror = () => reject(put.error);
        };
      }),
    entry,
  );

describe('logging without a connection in a real browser', () => {
  const product = browserProductForSuite();

  it('keeps a cold call made offline, shows it pending, and puts it on the board exactly once when back online', async () => {
    const api = apiClient(product.url);
    const me = await api.signup({ name: 'Olive Offline', timezone: 'UTC' });
    const token = me.body.access_token as string;
    const userId = me.body.user.id as string;
    // A daily goal keeps the Log Activity panel open.
    expect((await api.call('POST', '/api/campaigns', { token, body: { duration_days: 1, icon: 'target', goals: [{ type: 'cold_call', count: 3 }] } })).status).toBe(201);
    const board = async () => (await api.call('GET', '/api/leaderboard/me?window=today', { token })).body.points as number;
    const entries = async () => ((await api.call('GET', '/api/recent-activities')).body as Array<{ user_id: string }>).filter((row) => row.user_id === userId).length;

    const page = await product.signedIn(token);
    await page.goto(`${product.url}/dashboard`);
    await page.getByRole('heading', { name: /^Welcome(?: back)?, Olive$/ }).waitFor();
    await page.getByRole('link', { name: 'Daily goal: 0%' }).waitFor();

    await page.context().setOffline(true);
    await page
      .locator('#log-activity')
      .getByRole('button', { name: /^Cold Call/ })
      .click();
    const pending = page.locator('#log-activity').getByText('1 log waiting to sync · 1 Cold Call');
    await pending.waitFor();
    await page.locator('#log-activity').getByText(PENDING).waitFor();
    // Counted in the ring at once.
    await page.getByRole('link', { name: 'Daily goal: 33%' }).waitFor();
    expect(await accessibilityViolations(page, '#log-activity')).toEqual([]);
    await screenshot(page, '70-offline-pending');
    const [kept] = await queued(page);
    expect(kept).toMatchObject({ user_id: userId, kind: 'single', body: { activity_type: 'cold_call' }, refusal: null });
    expect(Date.parse(kept!.logged_at)).toBeLessThanOrEqual(Date.now());
    expect(await board()).toBe(0);

    await page.context().setOffline(false);
    await pending.waitFor({ state: 'detached' });
    await waitFor(async () => (await board()) === 1, 10_000, 'the cold call on the board');
    expect(await queued(page)).toEqual([]);

    // The same entry sent again (as a second tab or a lost answer would): the server has it by its key.
    await putQueued(page, kept!);
    await page.reload();
    await page.getByRole('heading', { name: /^Welcome(?: back)?, Olive$/ }).waitFor();
    await waitFor(async () => (await queued(page)).length === 0, 10_000, 'the replay sent');
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await page.waitForTimeout(500);
    expect(await board()).toBe(1);
    expect(await entries()).toBe(1);
  });

  it("shows the server's refusal of an entry whose day has ended, until the broker dismisses it", async () => {
    const api = apiClient(product.url);
    const me = await api.signup({ name: 'Rex Refused', timezone: 'UTC' });
    const token = me.body.access_token as string;
    expect((await api.call('POST', '/api/campaigns', { token, body: { duration_days: 1, icon: 'target', goals: [{ type: 'email', count: 3 }] } })).status).toBe(201);
    const page = await product.signedIn(token);
    await page.goto(`${product.url}/dashboard`);
    await page.getByRole('heading', { name: /^Welcome(?: back)?, Rex$/ }).waitFor();

    await page.context().setOffline(true);
    await page
      .locator('#log-activity')
      .getByRole('button', { name: /^Email/ })
      .click();
    await page.getByText(PENDING, { exact: false }).waitFor();
    // The phone stayed offline past midnight: the entry was made two days ago (its tap time shifted back).
    const [kept] = await queued(page);
    const madeAt = new Date(Date.now() - 2 * 24 * 60 * 60_000);
    await putQueued(page, { ...kept!, logged_at: madeAt.toISOString(), body: { ...kept!.body, logged_at: madeAt.toISOString() } });
    const day = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(madeAt);

    await page.context().setOffline(false);
    const refusal = page.getByRole('alert').filter({ hasText: 'was not logged' });
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain(`1 Email was not logged: This entry was made on ${day}, a day that has ended; it was not logged.`);
    await screenshot(page, '71-offline-refused');
    // Kept until read, and not sent again on focus.
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    expect(await queued(page)).toEqual([expect.objectContaining({ key: kept!.key, refusal: expect.stringContaining('a day that has ended') })]);
    await refusal.getByRole('button', { name: 'Dismiss' }).click();
    await refusal.waitFor({ state: 'detached' });
    expect(await queued(page)).toEqual([]);
    expect((await api.call('GET', '/api/leaderboard/me?window=today', { token })).body.points).toBe(0);
  });

  it('warns before a sign-out that would leave a log it cannot send; back online, it leaves with the log sent', async () => {
    const api = apiClient(product.url);
    const me = await api.signup({ name: 'Sam Signout', timezone: 'UTC' });
    const token = me.body.access_token as string;
    expect((await api.call('POST', '/api/campaigns', { token, body: { duration_days: 1, icon: 'target', goals: [{ type: 'doorknock', count: 3 }] } })).status).toBe(201);
    const page = await product.signedIn(token);
    await page.goto(`${product.url}/dashboard`);
    await page.getByRole('heading', { name: /^Welcome(?: back)?, Sam$/ }).waitFor();

    await page.context().setOffline(true);
    await page
      .locator('#log-activity')
      .getByRole('button', { name: /^Doorknock/ })
      .click();
    await page.getByText(PENDING, { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    const warning = page.getByRole('dialog', { name: 'Logs not yet synced' });
    await warning.getByText('1 log made on this device has not reached the server yet.', { exact: false }).waitFor();
    await warning.getByRole('button', { name: 'Cancel' }).click();

    // Online again, sign-out sends it first and leaves without asking.
    await page.context().setOffline(false);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(/\/auth/);
    expect((await api.call('GET', '/api/leaderboard/me?window=today', { token })).body.points).toBe(3);
  });
});
