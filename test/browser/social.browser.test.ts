import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { apiClient } from '../support/api-client';
import { accessibilityViolations, browserProductForSuite, horizontalOverflow, screenshot, SCREENSHOTS } from '../support/browser';

jest.setTimeout(150_000);

/** An iPhone-sized screen, the narrowest the social screens are drawn for. */
const PHONE = { width: 390, height: 844 };

/** A shot of one part of the page, at the size it is drawn, for what a full page makes too small to read. */
const closeUp = (part: Locator, name: string) => part.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });

async function logFirstMeeting(page: Page) {
  const logPanel = page.locator('#log-activity');
  await logPanel.getByRole('button', { name: /^Meeting/ }).click();
  await page.getByRole('button', { name: 'Log Meeting' }).click();
  await page.getByLabel('I confirm I am working on the honor system').check();
  await page.getByRole('button', { name: 'Log Meeting' }).click();
  await page.getByText('Badge Unlocked!').waitFor();
}

describe('warriors cheering each other on in a real browser', () => {
  const product = browserProductForSuite();

  it("shows a badge live in a rival's Battle Pulse, carries the cheer to the bell, and opens profiles", async () => {
    const api = apiClient(product.url);
    const maria = await api.signup({ name: 'Maria Lopez', timezone: 'UTC' });
    const ben = await api.signup({ name: 'Ben Carter', timezone: 'UTC' });
    expect([maria.status, ben.status]).toEqual([201, 201]);
    const mariaUser = maria.body.user as { id: string; username: string };
    const profile = await api.call('PUT', '/api/settings/profile', {
      token: maria.body.access_token,
      body: { specialty: 'Investment Sales', bio: 'Industrial and flex investment sales across Central Texas.', x_url: 'https://x.com/marialopez' },
    });
    expect(profile.status).toBe(200);
    const goal = await api.call('POST', '/api/campaigns', { token: maria.body.access_token, body: { duration_days: 1, icon: 'target', goals: [{ type: 'meeting', count: 3 }] } });
    expect(goal.status).toBe(201);

    // Ben watches the dashboard; Maria logs her first meeting in her own browser.
    const benPage = await product.signedIn(ben.body.access_token);
    await benPage.goto(`${product.url}/dashboard`);
    const pulse = benPage.getByRole('region', { name: 'Battle Pulse' });
    await pulse.getByText(/All quiet in the arena/).waitFor();

    const mariaPage = await product.signedIn(maria.body.access_token);
    await mariaPage.goto(`${product.url}/dashboard`);
    await mariaPage.getByRole('heading', { name: /^Welcome(?: back)?, Maria$/ }).waitFor();
    await logFirstMeeting(mariaPage);

    // No reload: the line arrives over the socket, naming Maria as the boards do.
    const badgeLine = pulse.getByRole('listitem').filter({ hasText: 'Maria L. earned the First Meeting badge' });
    await badgeLine.waitFor({ timeout: 20_000 });
    await pulse.scrollIntoViewIfNeeded();
    await screenshot(benPage, '70-social-pulse-live');
    expect(await accessibilityViolations(benPage, '#battle-ground')).toEqual([]);

    await badgeLine.getByRole('button', { name: 'Cheer Maria L.' }).click();
    await badgeLine.getByText('Cheer sent!').waitFor();
    await screenshot(benPage, '71-social-cheer-sent');
    await closeUp(pulse, '71b-social-pulse-close-up');

    // Maria's bell polls every 30 s; a fresh page reads it at once.
    await mariaPage.goto(`${product.url}/dashboard`);
    const bell = mariaPage.getByRole('button', { name: 'Notifications, 1 unread' });
    await bell.waitFor();
    await bell.click();
    const nudge = mariaPage.getByRole('list', { name: 'Notifications' }).getByRole('listitem').filter({ hasText: 'Ben C. is cheering you on!' });
    await nudge.waitFor();
    await screenshot(mariaPage, '72-social-bell-nudge');
    // The whole dashboard: the pulse column, the goal rings and the open bell.
    expect(await accessibilityViolations(mariaPage)).toEqual([]);
    await nudge.getByRole('button').click();
    await nudge.getByText('· Read').waitFor();
    await mariaPage.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    await screenshot(mariaPage, '73-social-bell-read');

    // Ben looks Maria up: the leaderboard's popup, then her page.
    await benPage.goto(`${product.url}/leaderboard`);
    await benPage.getByRole('button', { name: 'Maria L.' }).click();
    const popup = benPage.getByRole('dialog', { name: 'Maria L.' });
    await popup.getByText('Member since').waitFor();
    expect(await popup.innerText()).toMatch(/Total points\s*10/i);
    await screenshot(benPage, '74-social-profile-popup');
    expect(await accessibilityViolations(benPage, '[role="dialog"]')).toEqual([]);

    await benPage.goto(`${product.url}/profile/${mariaUser.id}`);
    await benPage.getByRole('heading', { name: 'Maria Lopez', level: 1 }).waitFor();
    await benPage.getByRole('region', { name: 'Badges' }).getByText('First Meeting').waitFor();
    await benPage.getByRole('table', { name: 'Activities logged' }).getByText('Meeting').waitFor();
    expect(await benPage.locator('.public-profile').innerText()).toMatch(/Specialty\s*Investment Sales/i);
    await screenshot(benPage, '75-social-public-profile');
    expect(await accessibilityViolations(benPage)).toEqual([]);

    const unknown = await product.signedIn(ben.body.access_token);
    await unknown.goto(`${product.url}/profile/no-such-warrior`);
    await unknown.getByRole('heading', { name: 'Profile not found' }).waitFor();
    await unknown.close();
    await mariaPage.close();
    await benPage.close();

    // The same screens on a phone.
    const phone = await product.signedIn(ben.body.access_token, PHONE);
    await phone.goto(`${product.url}/dashboard`);
    await phone.getByRole('region', { name: 'Battle Pulse' }).getByRole('button', { name: 'Cheer Maria L.' }).first().waitFor();
    await screenshot(phone, '76-social-phone-dashboard');
    await closeUp(phone.getByRole('region', { name: 'Battle Pulse' }), '76b-social-phone-pulse');
    expect(await horizontalOverflow(phone)).toBeLessThanOrEqual(0);
    // The light nudge buttons are still whole tap targets.
    for (const button of await phone
      .getByRole('region', { name: 'Battle Pulse' })
      .getByRole('button', { name: /^(Cheer|Give props to) / })
      .all()) {
      const box = await button.boundingBox();
      expect(box && Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
    }

    await phone.goto(`${product.url}/profile/${mariaUser.id}`);
    await phone.getByRole('heading', { name: 'Maria Lopez', level: 1 }).waitFor();
    await screenshot(phone, '77-social-phone-profile');
    expect(await horizontalOverflow(phone)).toBeLessThanOrEqual(0);

    await phone.goto(`${product.url}/leaderboard`);
    await phone.getByRole('button', { name: 'Maria L.' }).click();
    await phone.getByRole('dialog', { name: 'Maria L.' }).getByText('Member since').waitFor();
    await screenshot(phone, '78-social-phone-popup');
    await phone.close();

    const mariaPhone = await product.signedIn(maria.body.access_token, PHONE);
    await mariaPhone.goto(`${product.url}/dashboard`);
    await mariaPhone.getByRole('button', { name: 'Notifications', exact: true }).click();
    await mariaPhone.getByText('Ben C. is cheering you on!').waitFor();
    // The screen as the phone shows it, where a panel running off the side would be seen cut.
    await mariaPhone.screenshot({ path: path.join(SCREENSHOTS, '79-social-phone-bell.png') });
    const panel = await mariaPhone.locator('.notifications').boundingBox();
    expect(panel && panel.x >= 0 && panel.x + panel.width <= PHONE.width).toBe(true);
    expect(await horizontalOverflow(mariaPhone)).toBeLessThanOrEqual(0);

    // Ben goes private: Maria sees only his username and the notice.
    const hidden = await api.call('PUT', '/api/settings/privacy?profile_public=false', { token: ben.body.access_token });
    expect(hidden.status).toBe(200);
    const benUser = ben.body.user as { id: string; username: string };
    await mariaPhone.goto(`${product.url}/profile/${benUser.id}`);
    await mariaPhone.getByRole('heading', { name: `@${benUser.username}`, level: 1 }).waitFor();
    await mariaPhone.getByText('This user has set their profile to private').waitFor();
    expect(await mariaPhone.getByText('Member since').count()).toBe(0);
    await screenshot(mariaPhone, '80-social-phone-private-profile');
    await mariaPhone.close();
  });
});
