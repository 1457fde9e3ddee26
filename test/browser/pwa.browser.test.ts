import { appendFile, cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { createLogger } from '@warriors/kit';
import { waitFor } from '@warriors/test-support';
import { DEFAULT_WEB_DIST, startEmbedded, type EmbeddedProduct } from '@warriors/gateway';
import { apiClient } from '../support/api-client';
import { accessibilityViolations, CHROMIUM_LAUNCH, DESKTOP, screenshot } from '../support/browser';

jest.setTimeout(120_000);

/** A PNG's width and height, read from its IHDR chunk (bytes 16-23). */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

const controlled = (page: Page) => page.evaluate(() => navigator.serviceWorker.controller !== null);
const savedReads = (page: Page) => page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('api-reads-')));

/**
 * The installable app in Chromium. The product serves a copy of the web build, so a test can publish
 * a new release's worker by changing the copy's sw.js, as a deploy does.
 */
describe('the installable app in a real browser', () => {
  let webDist: string;
  let product: EmbeddedProduct;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const folders: string[] = [];

  beforeAll(async () => {
    webDist = await mkdtemp(path.join(os.tmpdir(), 'warriors-pwa-web-'));
    await cp(DEFAULT_WEB_DIST, webDist, { recursive: true });
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'warriors-pwa-'));
    folders.push(dataDir);
    product = await startEmbedded({
      port: 0,
      host: '127.0.0.1',
      dataDir,
      webDist,
      authAttemptsPerMinute: 1000,
      logger: createLogger('browser-test', 'silent'),
    });
    browser = await chromium.launch(CHROMIUM_LAUNCH);
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await product?.close();
    for (const folder of [webDist, ...folders]) await rm(folder, { recursive: true, force: true });
  });

  /** A fresh browser profile (its own service worker and caches), signed in with `token` when given. */
  async function freshContext(token?: string): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ viewport: DESKTOP });
    contexts.push(context);
    if (token) await context.addInitScript((value) => localStorage.setItem('token', value), token);
    return { context, page: await context.newPage() };
  }

  async function signedUp(name: string): Promise<string> {
    const me = await apiClient(product.url).signup({ name, timezone: 'UTC' });
    expect(me.status).toBe(201);
    return me.body.access_token as string;
  }

  it('links a valid manifest whose icons are there at their sizes, and Chromium finds the app installable', async () => {
    // A browser profile on disk: Chromium never offers to install from an incognito context (which newContext makes).
    const profile = await mkdtemp(path.join(os.tmpdir(), 'warriors-pwa-profile-'));
    folders.push(profile);
    const context = await chromium.launchPersistentContext(profile, { ...CHROMIUM_LAUNCH, viewport: DESKTOP });
    contexts.push(context);
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${product.url}/auth`);
    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(manifestHref).toBe('/manifest.webmanifest');
    const manifestAnswer = await page.request.get(`${product.url}${manifestHref}`);
    expect(manifestAnswer.headers()['content-type']).toBe('application/manifest+json; charset=utf-8');
    const manifest = (await manifestAnswer.json()) as Record<string, unknown> & { icons: Array<{ src: string; sizes: string; type: string; purpose: string }> };
    expect(manifest).toMatchObject({
      id: '/',
      name: 'Prospect Warriors',
      short_name: 'Warriors',
      start_url: '/dashboard',
      scope: '/',
      display: 'standalone',
      theme_color: '#111827',
      background_color: '#111827',
    });
    expect(typeof manifest.description).toBe('string');
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe(manifest.theme_color);

    const pngs = manifest.icons.filter((icon) => icon.type === 'image/png');
    expect(pngs.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    const appleTouch = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    for (const icon of [...pngs, { src: appleTouch!, sizes: '180x180' }]) {
      const answer = await page.request.get(`${product.url}${icon.src}`);
      expect(answer.status()).toBe(200);
      expect(answer.headers()['content-type']).toBe('image/png');
      const { width, height } = pngSize(await answer.body());
      expect(`${width}x${height}`).toBe(icon.sizes);
    }

    // Installability as Chromium judges it (what Lighthouse's PWA audits checked): the manifest, its
    // icons, and a service worker with a fetch handler controlling the start URL.
    await page.evaluate(() => navigator.serviceWorker.ready);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: Array<{ errorId: string }> };
    expect(installabilityErrors.map((error) => error.errorId)).toEqual([]);
  });

  it('registers its worker, which controls the page after a reload and opens the dashboard offline from saved data, marked so', async () => {
    const token = await signedUp('Olive Offline');
    const { context, page } = await freshContext(token);
    await page.goto(`${product.url}/dashboard`);
    const welcome = page.getByRole('heading', { name: /^Welcome(?: back)?, Olive$/ });
    await welcome.waitFor();
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await welcome.waitFor();
    expect(await controlled(page)).toBe(true);
    expect(await savedReads(page)).toHaveLength(1);
    const banner = page.getByRole('status').filter({ hasText: /^Offline — / });
    expect(await banner.count()).toBe(0);

    await context.setOffline(true);
    await page.reload();
    await welcome.waitFor();
    await banner.filter({ hasText: /^Offline — showing saved data from \w{3} \d{1,2}:\d{2}/ }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, '90-pwa-offline-dashboard');

    await context.setOffline(false);
    await banner.waitFor({ state: 'detached' });

    // Signing out clears the device's saved reads: the next person on it never sees them.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(/\/auth$/);
    await waitFor(async () => (await savedReads(page)).length === 0, 10_000, 'the saved reads cleared on sign-out');
  });

  it('opens signed in offline when no answer of /api/me was saved, and a log made then waits on the device and is sent once back online', async () => {
    const api = apiClient(product.url);
    const me = await api.signup({ name: 'Nell Nocache', timezone: 'UTC' });
    const token = me.body.access_token as string;
    const { context, page } = await freshContext(token);
    await page.goto(`${product.url}/dashboard`);
    const welcome = page.getByRole('heading', { name: /^Welcome(?: back)?, Nell$/ });
    await welcome.waitFor();
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await welcome.waitFor();
    expect(await controlled(page)).toBe(true);
    // As on a first visit with the worker (or once its saved answers are past their 7 days): nothing saved.
    await page.evaluate(async () => Promise.all((await caches.keys()).filter((name) => name.startsWith('api-reads-')).map((name) => caches.delete(name))));

    await context.setOffline(true);
    await page.reload();
    // /api/me unanswered: the token stays and the user last known on the device opens, marked offline.
    await welcome.waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: /^Offline — / })
      .waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(token);
    await page
      .locator('#log-activity')
      .getByRole('button', { name: /^Cold Call/ })
      .click();
    const pending = page.locator('#log-activity').getByText('1 log waiting to sync · 1 Cold Call');
    await pending.waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, '92-pwa-offline-first-visit-log');

    await context.setOffline(false);
    await pending.waitFor({ state: 'detached' });
    await waitFor(async () => (await api.call('GET', '/api/leaderboard/me?window=today', { token })).body.points === 1, 10_000, 'the cold call on the board');
    await page
      .getByRole('status')
      .filter({ hasText: /^Offline — / })
      .waitFor({ state: 'detached' });
  });

  it("keeps one session's saved reads from another: a new token's reads replace the previous session's", async () => {
    const first = await signedUp('Fay First');
    const { context, page } = await freshContext(first);
    await page.goto(`${product.url}/dashboard`);
    await page.getByRole('heading', { name: /^Welcome(?: back)?, Fay$/ }).waitFor();
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await page.getByRole('heading', { name: /^Welcome(?: back)?, Fay$/ }).waitFor();
    const [firstCache] = await savedReads(page);
    expect(firstCache).toBeDefined();

    // Another broker's token on the same device without a sign-out (the first page closed, so it reads no more).
    await page.close();
    const second = await signedUp('Sid Second');
    const other = await context.newPage();
    await other.addInitScript((value) => localStorage.setItem('token', value), second);
    await other.goto(`${product.url}/dashboard`);
    await other.getByRole('heading', { name: /^Welcome(?: back)?, Sid$/ }).waitFor();
    await waitFor(async () => (await savedReads(other)).length === 1 && (await savedReads(other))[0] !== firstCache, 10_000, "the second session's reads in place of the first's");

    // Offline, the second session's page shows its own saved data, never the first broker's.
    await context.setOffline(true);
    await other.reload();
    await other.getByRole('heading', { name: /^Welcome(?: back)?, Sid$/ }).waitFor();
    expect(await other.getByText('Fay First').count()).toBe(0);
    await context.setOffline(false);
  });

  it('offers a new release when its worker waits, and swaps to it only on the Reload click', async () => {
    const token = await signedUp('Una Update');
    const { page } = await freshContext(token);
    await page.goto(`${product.url}/dashboard`);
    const welcome = page.getByRole('heading', { name: /^Welcome(?: back)?, Una$/ });
    await welcome.waitFor();
    await page.evaluate(() => navigator.serviceWorker.ready);
    const prompt = page.getByRole('complementary', { name: 'App update' });
    expect(await prompt.count()).toBe(0);

    // A deploy: the worker's script changes on the server.
    const worker = path.join(webDist, 'sw.js');
    await appendFile(worker, '\n// the next release\n');
    await page.reload();
    await welcome.waitFor();
    await prompt.getByText('A new version is ready — reload to use it.').waitFor();
    // Waiting, not swapped: the page is still served by the first worker.
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting !== null)).toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, '91-pwa-update-ready');

    await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()]);
    await welcome.waitFor();
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null)).toBeNull();
    expect(await controlled(page)).toBe(true);
    expect(await prompt.count()).toBe(0);
  });
});
