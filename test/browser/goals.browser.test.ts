import { apiClient } from '../support/api-client';
import { browserProductForSuite, horizontalOverflow, PHONE, screenshot } from '../support/browser';

jest.setTimeout(120_000);

describe('a new broker setting a daily goal and beating it in a real browser', () => {
  const product = browserProductForSuite();

  it('is locked out of logging until a daily goal exists, logs it to completion and finds it under Completed', async () => {
    const api = apiClient(product.url);
    const me = await api.signup({ name: 'Gina Goalsetter', timezone: 'UTC' });
    const page = await product.signedIn(me.body.access_token);
    const logPanel = page.locator('#log-activity');
    const goalsPanel = page.locator('#active-goals');
    const coldCall = logPanel.getByRole('button', { name: /Cold Call/ });

    await page.goto(`${product.url}/dashboard`);
    await page.getByRole('heading', { name: /^Welcome(?: back)?, Gina$/ }).waitFor();
    await logPanel.getByText('Set Your Daily Goal First').waitFor();
    await page.getByRole('link', { name: 'Daily goal: No goal' }).waitFor();
    await screenshot(page, '20-goals-dashboard-locked');

    await logPanel.getByRole('button', { name: 'Set Daily Goal' }).click();
    await goalsPanel.getByRole('checkbox', { name: 'Cold Call' }).check();
    await goalsPanel.getByLabel('Cold Call count').fill('3');
    await goalsPanel.getByRole('radio', { name: 'fire' }).check();
    await screenshot(page, '21-goals-add-goal');
    await goalsPanel.getByRole('button', { name: 'Add Goal' }).click();

    // The server names the blank-named goal; the lock lifts and the daily ring starts at 0 %.
    await goalsPanel.getByText('Today: 3 Cold Calls').waitFor();
    await logPanel.getByText('Set Your Daily Goal First').waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Daily goal: 0%' }).waitFor();

    await coldCall.click();
    await page.getByText(/% of Today: 3 Cold Calls/).waitFor();
    await page.getByRole('link', { name: 'Daily goal: 33%' }).waitFor();
    await screenshot(page, '22-goals-milestone-toast');

    await coldCall.click();
    await page.getByRole('link', { name: 'Daily goal: 66%' }).waitFor();
    await coldCall.click();
    await page.getByText('Goal Complete!').waitFor();
    await page.locator('.celebration--popup').getByText('Today: 3 Cold Calls').waitFor();
    await screenshot(page, '23-goals-campaign-complete');

    // Today's goal is beaten: it shows as won, its ring full, and logging stays open for the rest of its day.
    await goalsPanel.getByText('Goal Complete').waitFor();
    await page.getByRole('link', { name: 'Daily goal: 100%' }).waitFor();
    expect(await logPanel.getByText('Set Your Daily Goal First').count()).toBe(0);

    // The Goals screen is reached from the navigation (and from the panel's 'Manage goals').
    await goalsPanel.getByRole('link', { name: 'Manage goals' }).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Goals' }).click();
    await page.waitForURL(`${product.url}/goals`);
    const completed = page.locator('#goals-completed');
    await completed.getByText('Today: 3 Cold Calls').waitFor();
    await completed.getByText('Goal Complete').waitFor();

    // A campaign of their own and a prebuilt one fill the rest of the screen.
    const create = page.locator('#goals-create');
    await create.getByLabel('Campaign Name').fill('Door Blitz');
    await create.getByRole('checkbox', { name: 'Doorknock' }).check();
    await create.getByRole('checkbox', { name: 'Email' }).check();
    await create.getByRole('button', { name: 'Create Campaign' }).click();
    await page.locator('#goals-mine').getByText('Door Blitz').waitFor();
    await page.locator('#goals-available').getByRole('button', { name: 'Join Sprint Week' }).click();
    await page.locator('#goals-active').getByText('Sprint Week').waitFor();
    await screenshot(page, '24-goals-screen');

    await page.locator('#goals-mine').getByRole('button', { name: 'Delete Door Blitz' }).click();
    await page.getByRole('dialog').getByText('Are you sure you want to delete this campaign? This action cannot be undone.').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Campaign deleted successfully!').waitFor();

    await page.goto(`${product.url}/dashboard`);
    await page.getByRole('link', { name: /^Weekly goal: \d+%$/ }).waitFor();
    await screenshot(page, '25-goals-dashboard-after');
    await page.close();

    const phone = await product.signedIn(me.body.access_token, PHONE);
    await phone.goto(`${product.url}/dashboard`);
    await phone.locator('#active-goals').getByText('Sprint Week').waitFor();
    await screenshot(phone, '26-goals-phone-dashboard');
    expect(await horizontalOverflow(phone)).toBeLessThanOrEqual(0);
    await phone.locator('#active-goals').getByRole('link', { name: 'Manage goals' }).click();
    await phone.waitForURL(`${product.url}/goals`);
    await phone.locator('#goals-completed').getByText('Goal Complete').waitFor();
    await screenshot(phone, '27-goals-phone-goals');
    expect(await horizontalOverflow(phone)).toBeLessThanOrEqual(0);
    await phone.close();
  });

  it('shows a new user the lock on a phone too', async () => {
    const api = apiClient(product.url);
    const me = await api.signup({ name: 'Paul Phone', timezone: 'UTC' });
    const phone = await product.signedIn(me.body.access_token, PHONE);
    await phone.goto(`${product.url}/dashboard`);
    await phone.locator('#log-activity').getByText('Set Your Daily Goal First').waitFor();
    await screenshot(phone, '28-goals-phone-locked');
    expect(await horizontalOverflow(phone)).toBeLessThanOrEqual(0);
    await phone.close();
  });
});
