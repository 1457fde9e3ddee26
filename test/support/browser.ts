import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createLogger } from '@warriors/kit';
import { DEFAULT_WEB_DIST, startEmbedded, type EmbeddedOptions, type EmbeddedProduct } from '@warriors/gateway';

export const SCREENSHOTS = path.resolve(__dirname, '../../artifacts/screenshots');
/** Debian's Chromium, headless; the flags keep it from reaching for the network this machine does not have. */
export const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-dev-shm-usage',
  ],
};

/** What a suite may add to the embedded product, e.g. the coach's model server, a clock of its own, push's VAPID keys or an SMTP server. */
export type ProductExtras = Pick<EmbeddedOptions, 'model' | 'clock' | 'vapid' | 'mail'>;

/**
 * The embedded product with the built web app, and a real Chromium. Its PGlite keeps its data in memory:
 * no screen's test reopens a data folder, and a start on disk took about half as long again (the
 * product on disk is tested by test/system/embedded.test.ts).
 */
export async function startBrowserProduct(extras: ProductExtras = {}): Promise<{ product: EmbeddedProduct; browser: Browser; close(): Promise<void> }> {
  await mkdir(SCREENSHOTS, { recursive: true });
  const product = await startEmbedded({
    port: 0,
    host: '127.0.0.1',
    dataDir: undefined,
    webDist: DEFAULT_WEB_DIST,
    authAttemptsPerMinute: 1000,
    logger: createLogger('browser-test', 'silent'),
    ...extras,
  });
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  return {
    product,
    browser,
    async close() {
      await browser.close();
      await product.close();
    },
  };
}

export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 375, height: 800 };

/**
 * The screens' tests talk to the server itself: the app's service worker, which would answer a read
 * slower than its timeout from its saved copy, is kept out of their pages. pwa.browser.test.ts tests
 * the worker in contexts of its own.
 */
const PAGE_OPTIONS = { serviceWorkers: 'block' } as const;

/** A signed-in page: the token goes where the app keeps it, as after a sign-in. */
async function signedInPage(browser: Browser, token: string, viewport = DESKTOP): Promise<Page> {
  const page = await browser.newPage({ ...PAGE_OPTIONS, viewport });
  await page.addInitScript((value) => localStorage.setItem('token', value), token);
  return page;
}

/**
 * The browser product for the describe block this is called in: started before its tests, closed
 * after them; `url` and `signedIn` work inside the tests. `extras` is read as it starts, after the
 * block's earlier beforeAll hooks (e.g. one starting a fake model server).
 */
export function browserProductForSuite(extras: () => ProductExtras = () => ({})): {
  readonly url: string;
  signedIn(token: string, viewport?: typeof DESKTOP): Promise<Page>;
  /** A page with no session, as a visitor arriving by a link. */
  signedOut(viewport?: typeof DESKTOP): Promise<Page>;
} {
  let started: Awaited<ReturnType<typeof startBrowserProduct>> | undefined;
  beforeAll(async () => {
    started = await startBrowserProduct(extras());
  });
  afterAll(() => started?.close());
  const running = () => {
    if (!started) throw new Error('the browser product starts in beforeAll');
    return started;
  };
  return {
    get url() {
      return running().product.url;
    },
    signedIn: (token, viewport) => signedInPage(running().browser, token, viewport),
    signedOut: (viewport = DESKTOP) => running().browser.newPage({ ...PAGE_OPTIONS, viewport }),
  };
}

/** How far the page scrolls sideways: above 0 means something overflows a phone's width. */
export const horizontalOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** A full-page shot from the top: taken while scrolled, it paints the sticky nav bar mid-page. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

let axeScript: Promise<string> | undefined;
const axeSource = (): Promise<string> => (axeScript ??= readFile(require.resolve('axe-core/axe.min.js'), 'utf8'));

/**
 * What axe-core finds wrong (WCAG 2 A and AA rules) on the page as it is now, or inside `selector`:
 * '<rule>: <target>' lines.
 */
export async function accessibilityViolations(page: Page, selector?: string): Promise<string[]> {
  // Evaluated through the debugging protocol: the app's Content Security Policy refuses injected <script> tags.
  // Once per document: parsing axe costs about 0.2 s, and a screen is often checked in several states.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(await axeSource());
  return page.evaluate(async (within) => {
    type Axe = { run(context: Document | string, options: object): Promise<{ violations: Array<{ id: string; nodes: Array<{ target: unknown[] }> }> }> };
    const { axe } = window as unknown as { axe: Axe };
    const { violations } = await axe.run(within ?? document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
  }, selector);
}
