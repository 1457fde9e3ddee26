import type { Page } from 'playwright-core';
import { eventuallyPasses } from '@warriors/test-support';
import { apiClient } from '../support/api-client';
import { accessibilityViolations, browserProductForSuite, DESKTOP, horizontalOverflow, PHONE, screenshot } from '../support/browser';

jest.setTimeout(150_000);

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** A datetime-local text for `offsetMs` from now, in the page's own time zone (what a user would type). */
const localInput = (page: Page, offsetMs: number) =>
  page.evaluate((offset) => {
    const date = new Date(Date.now() + offset);
    const pad = (value: number) => String(value).padStart(2, '0');
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
  }, offsetMs);

/**
 * Opens a challenge's details until its board shows what `check` looks for: points reach the board through
 * the activity events, a moment after the log.
 */
async function boardShows(page: Page, url: string, challengeName: string, check: (board: ReturnType<Page['getByRole']>) => Promise<void>) {
  await eventuallyPasses(async () => {
    await page.goto(url);
    await page.getByRole('tab', { name: 'My Challenges' }).click();
    await page.getByRole('button', { name: challengeName, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: challengeName });
    await dialog.waitFor();
    await check(dialog);
  }, 30_000);
}

describe('warriors challenging each other in a real browser', () => {
  const product = browserProductForSuite();

  it('hosts a private challenge, invites a rival by search, who accepts from the bell; both see the board', async () => {
    const api = apiClient(product.url);
    const host = await api.signup({ name: 'Hana Host', timezone: 'UTC' });
    const rival = await api.signup({ name: 'Gus Grinder', timezone: 'UTC' });
    expect(rival.status).toBe(201);

    // The host creates the challenge, running from a minute ago for a week, and invites Gus by the search.
    const page = await product.signedIn(host.body.access_token);
    await page.goto(`${product.url}/challenges`);
    await page.getByRole('heading', { name: 'Open Challenges', level: 1 }).waitFor();
    await page.getByText('No open challenges available').waitFor();
    await screenshot(page, '40-challenges-empty');

    await page.getByRole('button', { name: 'Create Challenge' }).click();
    const form = page.getByRole('dialog', { name: 'Create Challenge' });
    await form.getByLabel('Challenge Name').fill('Private Dial Duel');
    await form.getByLabel(/Description/).fill('Hana versus Gus: most dials this week');
    await form.getByLabel('Start Date').fill(await localInput(page, -MINUTE));
    await form.getByLabel('End Date').fill(await localInput(page, 7 * DAY));
    await form.getByRole('checkbox', { name: 'Cold Call' }).check();
    await form.getByLabel('Cold Call quantity').fill('10');
    await form.getByRole('checkbox', { name: /Private Challenge/ }).check();
    await form.getByRole('searchbox', { name: 'Search Warriors' }).fill('Gus');
    await form.getByRole('button', { name: 'Invite Gus G.' }).click();
    await form.getByRole('list', { name: 'Warriors to invite' }).getByText('Gus G.').waitFor();
    await screenshot(page, '41-challenges-create');
    expect(await accessibilityViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Create Challenge' }).click();
    await form.waitFor({ state: 'detached' });

    const hostCard = page.locator('.challenge-card', { hasText: 'Private Dial Duel' });
    await hostCard.waitFor();
    await hostCard.getByRole('img', { name: 'You host this challenge' }).waitFor();
    await hostCard.getByRole('img', { name: 'Private challenge' }).waitFor();
    expect(await hostCard.innerText()).toMatch(/\b1 warrior\b(?!s)/);

    // Gus finds the invite under the bell and accepts it.
    const rivalPage = await product.signedIn(rival.body.access_token);
    await rivalPage.goto(`${product.url}/dashboard`);
    const bell = rivalPage.getByRole('button', { name: 'Notifications, 1 unread' });
    await bell.waitFor();
    await bell.click();
    await rivalPage.getByText('invited you to Private Dial Duel').waitFor();
    await screenshot(rivalPage, '42-challenges-bell-invite');
    expect(await accessibilityViolations(rivalPage, '.navbar')).toEqual([]);
    await rivalPage.getByRole('button', { name: 'Accept invite to Private Dial Duel' }).click();
    await rivalPage.waitForURL('**/challenges');
    await rivalPage.getByRole('button', { name: 'Notifications', exact: true }).waitFor();

    // Gus logs cold calls from the dashboard (a daily goal lifts the logging lock), Hana logs one too.
    const goal = await api.call('POST', '/api/campaigns', {
      token: rival.body.access_token,
      body: { duration_days: 1, icon: 'target', goals: [{ type: 'cold_call', count: 50 }] },
    });
    expect(goal.status).toBe(201);
    await rivalPage.goto(`${product.url}/dashboard`);
    const logPanel = rivalPage.locator('#log-activity');
    for (let call = 0; call < 3; call += 1) {
      await logPanel.getByRole('button', { name: /Cold Call/ }).click();
      await rivalPage.getByText('Recorded!', { exact: true }).waitFor();
      await rivalPage.getByText('Recorded!', { exact: true }).waitFor({ state: 'detached' });
    }
    const hostLog = await api.call('POST', '/api/activity', { token: host.body.access_token, body: { activity_type: 'cold_call' } });
    expect(hostLog.status).toBe(201);

    // Both see the board: Gus first with a gold medal, Hana second with her crown.
    const expectBoard = async (dialog: ReturnType<Page['getByRole']>) => {
      const rows = dialog.locator('.challenge-board__row');
      expect(await rows.count()).toBe(2);
      await rows.nth(0).getByRole('img', { name: 'Rank 1' }).locator('.rank-medal--gold').waitFor();
      expect(await rows.nth(0).innerText()).toMatch(/Gus G\.[\s\S]*@/);
      expect(await rows.nth(0).innerText()).toContain('3 points');
      await rows.nth(1).getByRole('img', { name: 'Rank 2' }).locator('.rank-medal--silver').waitFor();
      expect(await rows.nth(1).innerText()).toContain('Hana H.');
      await rows.nth(1).getByRole('img', { name: 'Host' }).waitFor();
    };
    await boardShows(rivalPage, `${product.url}/challenges`, 'Private Dial Duel', expectBoard);
    await rivalPage.getByRole('dialog').getByRole('button', { name: 'Leave Challenge' }).waitFor();
    await screenshot(rivalPage, '43-challenges-board-rival');
    await boardShows(page, `${product.url}/challenges`, 'Private Dial Duel', expectBoard);
    expect(await page.getByRole('dialog').getByRole('button', { name: 'Leave Challenge' }).count()).toBe(0);
    await screenshot(page, '44-challenges-board-host');
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await page.locator('.challenge-card', { hasText: 'Private Dial Duel' }).filter({ hasText: '2 warriors' }).waitFor();
    await screenshot(page, '45-challenges-mine');
    expect(await accessibilityViolations(page)).toEqual([]);

    // The same screens on a phone: nothing runs off the side.
    const phone = await product.signedIn(rival.body.access_token, PHONE);
    await phone.goto(`${product.url}/challenges`);
    await phone.getByRole('tab', { name: 'My Challenges' }).click();
    await phone.locator('.challenge-card', { hasText: 'Private Dial Duel' }).waitFor();
    await screenshot(phone, '46-challenges-phone');
    expect(await horizontalOverflow(phone)).toBeLessThanOrEqual(0);
    await phone.getByRole('button', { name: 'Private Dial Duel', exact: true }).click();
    await phone.getByRole('dialog', { name: 'Private Dial Duel' }).locator('.challenge-board__row').first().waitFor();
    await screenshot(phone, '47-challenges-phone-detail');
    expect(await horizontalOverflow(phone)).toBeLessThanOrEqual(0);
    await phone.close();
    await rivalPage.close();
    await page.close();
  });

  it('takes a visitor from an invitation link through sign-up back to the challenge', async () => {
    const api = apiClient(product.url);
    const host = await api.signup({ name: 'Olga Open', timezone: 'UTC' });
    const created = await api.call('POST', '/api/challenges', {
      token: host.body.access_token,
      body: {
        name: 'Open Door Derby',
        description: 'Knock on every door in town',
        start_at: new Date(Date.now() - MINUTE).toISOString(),
        end_at: new Date(Date.now() + 14 * DAY).toISOString(),
        points_target: null,
        is_private: false,
        activity_goals: [{ type: 'doorknock', count: 40 }],
      },
    });
    expect(created.status).toBe(201);
    const link = `${product.url}/challenges?id=${created.body.id}`;

    for (const [viewport, suffix] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const page = await product.signedOut(viewport);
      await page.goto(link);
      const landing = page.getByRole('dialog', { name: "You've been invited to join" });
      await landing.getByText('Open Door Derby').waitFor();
      await landing.getByText('Hosted by Olga Open').waitFor();
      await landing.getByText('Doorknock: 40').waitFor();
      await screenshot(page, `48-challenges-invitation-${suffix}`);
      expect(await accessibilityViolations(page)).toEqual([]);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await page.close();
    }

    const page = await product.signedOut(DESKTOP);
    await page.goto(link);
    await page.getByRole('dialog', { name: "You've been invited to join" }).getByRole('button', { name: 'Sign Up / Login to Join' }).click();
    await page.waitForURL(`**/?challenge_id=${created.body.id}`);
    await page.getByRole('complementary', { name: 'Challenge invitation' }).getByText('Open Door Derby').waitFor();
    // An invitee is usually new: the link opens on Create account.
    await page.getByRole('heading', { name: 'Join the battle' }).waitFor();
    await page.getByLabel('Name').fill('Vera Visitor');
    await page.getByLabel('Email').fill(`vera.${Date.now()}@example.com`);
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByLabel('Focus area').selectOption('investment_sales');
    await screenshot(page, '49-challenges-signup-invitation');
    await page.getByRole('button', { name: 'Create Account' }).click();

    await page.waitForURL(`**/challenges?id=${created.body.id}`);
    const landing = page.getByRole('dialog', { name: "You've been invited to join" });
    await landing.getByText('Open Door Derby').waitFor();
    await landing.getByRole('button', { name: 'Accept Challenge' }).click();
    await page.waitForURL('**/challenges');
    await page.getByRole('tab', { name: 'My Challenges' }).click();
    const card = page.locator('.challenge-card', { hasText: 'Open Door Derby' });
    await card.filter({ hasText: '2 warriors' }).filter({ hasText: 'Your points: 0' }).waitFor();
    await screenshot(page, '50-challenges-joined');
    await page.close();

    // A link to no challenge (or a private one) invites to nothing, and says only that.
    const stray = await product.signedOut(DESKTOP);
    await stray.goto(`${product.url}/challenges?id=00000000-0000-4000-8000-000000000000`);
    await stray.getByRole('dialog', { name: 'Challenge not found' }).waitFor();
    expect(await stray.getByRole('button', { name: 'Sign Up / Login to Join' }).count()).toBe(0);
    await stray.goto(`${product.url}/?challenge_id=00000000-0000-4000-8000-000000000000`);
    const notFound = stray.getByRole('complementary', { name: 'Challenge invitation' });
    await notFound.getByText('Challenge not found').waitFor();
    expect(await notFound.innerText()).toBe('Challenge not found');
    expect(await accessibilityViolations(stray)).toEqual([]);
    await stray.close();
  });
  it('lets the host edit an upcoming challenge, then delete it after confirming', async () => {
    const api = apiClient(product.url);
    const host = await api.signup({ name: 'Erin Editor', timezone: 'UTC' });
    const page = await product.signedIn(host.body.access_token);
    await page.goto(`${product.url}/challenges`);
    await page.getByRole('button', { name: 'Create Challenge' }).click();
    const form = page.getByRole('dialog', { name: 'Create Challenge' });
    await form.getByLabel('Challenge Name').fill('Next Week Warm-up');
    await form.getByLabel('Start Date').fill(await localInput(page, 2 * DAY));
    await form.getByLabel('End Date').fill(await localInput(page, 9 * DAY));
    await form.getByRole('checkbox', { name: 'Email' }).check();
    await form.getByRole('button', { name: 'Create Challenge' }).click();
    await form.waitFor({ state: 'detached' });

    const card = page.locator('.challenge-card', { hasText: 'Next Week Warm-up' });
    await card.locator('.challenge-card__time', { hasText: /Starts / }).waitFor();
    await card.getByRole('button', { name: 'Edit Challenge Next Week Warm-up' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Challenge' });
    expect(await edit.getByLabel('Email quantity').inputValue()).toBe('50');
    await edit.getByLabel('Challenge Name').fill('Next Week Blitz');
    await edit.getByLabel(/Points Target/).fill('75');
    await edit.getByRole('checkbox', { name: /Private Challenge/ }).check();
    await edit.getByRole('group', { name: 'Send Additional Invites' }).waitFor();
    await screenshot(page, '51-challenges-edit');
    expect(await accessibilityViolations(page)).toEqual([]);
    await edit.getByRole('button', { name: 'Update Challenge' }).click();
    await edit.waitFor({ state: 'detached' });

    const renamed = page.locator('.challenge-card', { hasText: 'Next Week Blitz' });
    await renamed.filter({ hasText: 'Goal: 75 points' }).waitFor();
    await renamed.getByRole('img', { name: 'Private challenge' }).waitFor();
    await renamed.getByRole('button', { name: 'Delete Challenge Next Week Blitz' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete challenge?' });
    await confirm.getByText('Are you sure you want to delete "Next Week Blitz"? This cannot be undone.').waitFor();
    await confirm.getByRole('button', { name: 'Delete Challenge' }).click();
    await renamed.waitFor({ state: 'detached' });
    await page.getByText("You haven't joined any challenges yet").waitFor();
    await page.close();
  });
});
