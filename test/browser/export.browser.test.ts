import { readFile } from 'node:fs/promises';
import { DataExport, EXPORT_CSV_COLUMNS } from '@warriors/contracts';
import { parseCsv } from '@warriors/test-support';
import type { Page } from 'playwright-core';
import { apiClient } from '../support/api-client';
import { accessibilityViolations, browserProductForSuite, horizontalOverflow, screenshot } from '../support/browser';

jest.setTimeout(90_000);

/** The file a click makes the browser save: its suggested name and its text. */
async function downloaded(page: Page, start: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), start()]);
  const file = await download.path();
  return { name: download.suggestedFilename(), text: await readFile(file, 'utf8') };
}

describe('Download my data in a real browser', () => {
  const product = browserProductForSuite();

  it('saves the activity log as CSV and everything as JSON from Settings, by mouse and by keyboard, at 390 px too', async () => {
    const api = apiClient(product.url);
    const me = await api.signup({ name: 'Dora Download', timezone: 'America/Chicago' });
    const token = me.body.access_token as string;
    const logged: string[] = [];
    logged.push((await api.call('POST', '/api/activity', { token, body: { activity_type: 'meeting' } })).body.activity.id);
    logged.push(
      (await api.call('POST', '/api/activity/bulk', { token, body: { activity_type: 'email', quantity: 3, note: 'Café owners, "warm"', honesty_confirmed: true } })).body.activity
        .id,
    );

    const page = await product.signedIn(token, { width: 390, height: 844 });
    const urls: string[] = [];
    page.on('request', (request) => urls.push(request.url()));
    await page.goto(`${product.url}/profile`);
    const card = page.getByRole('region', { name: 'Download my data' });
    await card.getByRole('button', { name: 'Activities (CSV)' }).waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, '40-download-my-data-phone');
    expect(await accessibilityViolations(page)).toEqual([]);

    const csv = await downloaded(page, () => card.getByRole('button', { name: 'Activities (CSV)' }).click());
    expect(csv.name).toMatch(/^prospect-warriors-activities-\d{4}-\d{2}-\d{2}\.csv$/);
    const [header, ...rows] = parseCsv(csv.text.replace(/^\uFEFF/, ''));
    expect(header).toEqual([...EXPORT_CSV_COLUMNS]);
    expect(rows.map((row) => row[0])).toEqual(logged);
    expect(rows[1]![EXPORT_CSV_COLUMNS.indexOf('note')]).toBe('Café owners, "warm"');

    // By keyboard: the JSON button takes focus from the CSV one with Tab and answers Enter.
    await card.getByRole('button', { name: 'Activities (CSV)' }).focus();
    await page.keyboard.press('Tab');
    const json = await downloaded(page, () => page.keyboard.press('Enter'));
    expect(json.name).toMatch(/^prospect-warriors-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = DataExport.parse(JSON.parse(json.text));
    expect(data.profile).toMatchObject({ id: me.body.user.id, name: 'Dora Download' });
    expect(data.entries.map((entry) => entry.id)).toEqual(logged);

    // The token travelled in the Authorization header only, never in an address.
    expect(urls.filter((url) => url.includes('/api/export/'))).toHaveLength(2);
    expect(urls.some((url) => url.includes(token))).toBe(false);
  });
});
