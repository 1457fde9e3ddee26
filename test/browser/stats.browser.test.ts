import { apiClient } from '../support/api-client';
import { accessibilityViolations, browserProductForSuite, horizontalOverflow, screenshot } from '../support/browser';

jest.setTimeout(120_000);

/** The phone width My Stats is checked at (an iPhone 12 to 15). */
const PHONE_390 = { width: 390, height: 844 };

describe('a broker reading their numbers on My Stats in a real browser', () => {
  const product = browserProductForSuite();

  it('opens My Stats from a dashboard ring, finds what they logged in every block and edits their daily goal inline', async () => {
    const api = apiClient(product.url);
    const me = await api.signup({ name: 'Stella Statsworth', timezone: 'UTC' });
    const token = me.body.access_token as string;
    const goal = await api.call('POST', '/api/campaigns', {
      token,
      body: {
        name: null,
        duration_days: 1,
        icon: 'chart',
        goals: [
          { type: 'cold_call', count: 10 },
          { type: 'email', count: 4 },
        ],
      },
    });
    expect(goal.status).toBeLessThan(300);

    // Today's shots, through the API as the Log Activity panel sends them.
    const logged = { cold_call: 6, email: 2, doorknock: 1 } as const;
    let points = 0;
    for (const [activity_type, times] of Object.entries(logged)) {
      for (let i = 0; i < times; i++) {
        const answer = await api.call('POST', '/api/activity', { token, body: { activity_type } });
        expect(answer.status).toBe(201);
        points += answer.body.points_awarded as number;
      }
    }

    const page = await product.signedIn(token);
    await page.goto(`${product.url}/dashboard`);
    await page.getByRole('link', { name: /^Daily goal: \d+%$/ }).click();
    await page.waitForURL(`${product.url}/stats`);

    const pointsEarned = page.locator('#stats-points');
    await pointsEarned.getByText('Today', { exact: true }).waitFor();
    for (const label of ['Today', 'This week', 'This month', 'This year']) {
      expect(await pointsEarned.locator('.stats-tile', { hasText: label }).locator('dd').textContent()).toBe(String(points));
    }

    const breakdown = page.locator('#stats-breakdown');
    await breakdown.getByRole('rowheader', { name: 'Cold Call' }).waitFor();
    expect(await breakdown.getByRole('row', { name: /Cold Call/ }).textContent()).toBe('Cold Call6+6');
    expect(await breakdown.getByRole('row', { name: /Email/ }).textContent()).toBe('Email2+2');
    expect(await breakdown.getByRole('row', { name: /Doorknock/ }).textContent()).toBe('Doorknock1+1');

    // The goal's progress follows the logs through the bus: wait for it rather than read it once.
    const performance = page.locator('#stats-performance');
    await performance.getByRole('row', { name: /Cold Call 6 10 60%/ }).waitFor();
    expect(await performance.getByRole('row', { name: /Email/ }).textContent()).toContain('2450%');
    await page.locator('#stats-daily-points canvas').waitFor();
    await page.locator('#stats-breakdown canvas').waitFor();
    expect(await page.locator('#stats-daily-points figcaption').textContent()).toBe(`${points} points over the last 30 days; the daily goal of 50 points was reached on 0 days.`);
    expect(await accessibilityViolations(page, 'main')).toEqual([]);
    await screenshot(page, '60-stats-desktop');

    // Inline edit: fewer cold calls; the target moves and the row turns yellow (6 of 8 is 75 %).
    const activeGoals = page.locator('#stats-active-goals');
    await activeGoals.getByRole('button', { name: /^Edit Today: / }).click();
    const form = activeGoals.getByRole('form');
    await form.getByLabel(/Cold Call/).fill('8');
    await screenshot(page, '61-stats-inline-edit');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached' });
    await performance.getByRole('row', { name: /Cold Call 6 8 75%/ }).waitFor();
    expect(
      await performance
        .getByRole('row', { name: /Cold Call/ })
        .locator('.rating-pill')
        .getAttribute('class'),
    ).toContain('rating--yellow');

    await page
      .locator('#stats-goal-progress')
      .getByRole('button', { name: /^Daily goals: / })
      .click();
    await page
      .getByRole('dialog', { name: 'Manage Daily Goals' })
      .getByText(/Today: /)
      .first()
      .waitFor();
    await page.keyboard.press('Escape');
    await page.close();

    const phone = await product.signedIn(token, PHONE_390);
    await phone.goto(`${product.url}/stats`);
    await phone.locator('#stats-breakdown canvas').waitFor();
    await phone.locator('#stats-daily-points canvas').waitFor();
    await screenshot(phone, '62-stats-phone');
    expect(await horizontalOverflow(phone)).toBeLessThanOrEqual(0);
    await phone.close();
  });
});
