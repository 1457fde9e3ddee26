import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { EmbeddedProduct } from '@warriors/gateway';
import { ONE_PIXEL_PNG_BASE64 } from '@warriors/test-support';
import { horizontalOverflow, screenshot, SCREENSHOTS, startBrowserProduct } from '../support/browser';

jest.setTimeout(90_000);

describe('a broker in a real browser', () => {
  let product: EmbeddedProduct;
  let browser: Browser;
  let page: Page;

  let close: () => Promise<void>;
  /** What Chromium reported as refused by the page's Content Security Policy over the whole session. */
  const policyErrors: string[] = [];
  const watchPolicy = async (target: Page) => {
    target.on('console', (message) => {
      if (message.type() === 'error' && message.text().includes('Content Security Policy')) policyErrors.push(message.text());
    });
    // A refusal the page catches (a library probing for eval) logs nothing; the page still gets the event.
    await target.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (event) =>
        console.error(`Content Security Policy refused ${event.violatedDirective}: ${event.blockedURI} in ${event.sourceFile}`),
      ),
    );
  };

  beforeAll(async () => {
    ({ product, browser, close } = await startBrowserProduct());
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await watchPolicy(page);
  });

  afterAll(() => close?.());

  const shot = (name: string, target: Page = page) => screenshot(target, name);
  const email = `browser.${Date.now()}@example.com`;

  it('signs up, lands on the dashboard, stays signed in across a reload, and logs out to /auth', async () => {
    await page.goto(`${product.url}/dashboard`);
    await page.waitForURL('**/auth');
    await shot('01-sign-in');

    await page.getByRole('button', { name: 'Create an account' }).click();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('alert').waitFor();
    await shot('02-sign-up-errors');

    await page.getByLabel('Name').fill('Maya Okafor');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByLabel('Focus area').selectOption('investment_sales');
    await page.getByLabel('Company').fill('Okafor Capital');
    await page.getByLabel('City').fill('Denver');
    await page.getByLabel('State').fill('CO');
    await shot('03-sign-up-filled');
    await page.getByRole('button', { name: 'Create Account' }).click();

    await page.waitForURL('**/dashboard');
    await page.getByText(/^Welcome(?: back)?, Maya$/).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    await shot('04-dashboard');

    await page.reload();
    await page.getByText(/^Welcome(?: back)?, Maya$/).waitFor();
    expect(page.url()).toMatch(/\/dashboard$/);

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/auth');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.goto(`${product.url}/profile`);
    await page.waitForURL('**/auth');
  });

  it('shows a wrong password in the red box, then signs in and edits the profile', async () => {
    await page.goto(`${product.url}/auth`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('alert').getByText('Incorrect email or password').waitFor();
    await shot('05-sign-in-error');

    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/dashboard');

    await page.goto(`${product.url}/profile`);
    await page.getByLabel('Bio').fill('Multifamily investment sales on the Front Range.');
    await page.getByLabel('Specialty').fill('Multifamily Investment');
    await page.getByRole('button', { name: /save profile/i }).click();
    await page.getByText('Profile saved successfully!').waitFor();
    await shot('06-profile');
    await expect(page.getByLabel('Specialty').inputValue()).resolves.toBe('Multifamily Investment');

    // A picture is stored once and shown from its own URL (an <img> the page's CSP allows).
    await page.locator('#profile-picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: Buffer.from(ONE_PIXEL_PNG_BASE64, 'base64') });
    await page.getByText('Profile picture uploaded successfully!').waitFor();
    const avatar = page.locator('img[src*="/picture?v="]').first();
    await avatar.waitFor();
    expect(await avatar.getAttribute('src')).toMatch(/^\/api\/users\/[0-9a-f-]{36}\/picture\?v=1$/);
    expect(await avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);

    // In the nav bar, the picture is a 32 px circle in its menu button at every width: neither shrinks beside the links.
    const menu = page.getByRole('button', { name: 'Account menu' });
    const navAvatar = menu.locator('img');
    for (const width of [1280, 1440]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`${product.url}/profile`);
      await navAvatar.waitFor();
      expect(await navAvatar.boundingBox()).toMatchObject({ width: 32, height: 32 });
      expect(await menu.boundingBox()).toMatchObject({ width: 40, height: 40 });
      expect(await navAvatar.evaluate((img) => getComputedStyle(img).borderRadius)).toBe('50%');
      await page.locator('.navbar').screenshot({ path: path.join(SCREENSHOTS, `06-nav-avatar-${width}.png`) });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('fits a phone screen', async () => {
    const phone = await browser.newPage({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
    watchPolicy(phone);
    await phone.goto(`${product.url}/auth`);
    await phone.getByLabel('Email').fill(email);
    await phone.getByLabel('Password').fill('correct horse battery');
    await phone.getByRole('button', { name: 'Sign In' }).click();
    await phone.waitForURL('**/dashboard');
    await phone.getByRole('button', { name: 'Menu', exact: true }).click();
    await shot('07-phone-menu', phone);
    const overflow = await horizontalOverflow(phone);
    expect(overflow).toBeLessThanOrEqual(0);
    await phone.close();
  });

  it('ran every screen above under its Content Security Policy without a violation', () => {
    expect(policyErrors).toEqual([]);
  });

  it('lets the page open a WebSocket to its own origin, and to no other', async () => {
    const probe = await browser.newPage();
    await probe.goto(`${product.url}/auth`);
    const refused = await probe.evaluate(async () => {
      const seen: string[] = [];
      const foreignRefused = new Promise<void>((resolve) =>
        document.addEventListener('securitypolicyviolation', (event) => {
          seen.push(event.blockedURI);
          if (event.blockedURI.includes('elsewhere.example')) resolve();
        }),
      );
      // No service owns /ws yet, so the socket fails; what matters is that the policy let it try.
      await new Promise<void>((resolve) => {
        const socket = new WebSocket(`ws://${location.host}/ws`);
        socket.onclose = () => resolve();
      });
      try {
        new WebSocket('ws://elsewhere.example/ws');
      } catch {
        // Chromium may refuse it in the constructor as well as report it.
      }
      await foreignRefused;
      return seen;
    });
    expect(refused).toEqual([expect.stringContaining('elsewhere.example')]);
    await probe.close();
  });
});
