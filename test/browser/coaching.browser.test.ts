import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { SAMPLE_GOAL, SAMPLE_PLAN, startFakeOpenAI, type FakeOpenAI } from '@warriors/test-support';
import { apiClient } from '../support/api-client';
import { accessibilityViolations, browserProductForSuite, horizontalOverflow, SCREENSHOTS } from '../support/browser';

jest.setTimeout(150_000);

/** An iPhone-sized screen: the panel takes its whole width there. */
const PHONE = { width: 390, height: 844 };

const closeUp = (part: Locator, name: string) => part.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });

/** The page as the broker sees it: a full-page shot would stretch the page under the fixed drawer. */
const viewportShot = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });

async function openPlan(page: Page, url: string, firstName: string): Promise<Locator> {
  await page.goto(`${url}/dashboard`);
  await page.getByRole('heading', { name: new RegExp(`^Welcome(?: back)?, ${firstName}$`) }).waitFor();
  await page.getByRole('button', { name: "See Today's Plan" }).click();
  const panel = page.getByRole('dialog', { name: "Today's Plan" });
  // Shots and boxes are taken once the drawer has slid in.
  await panel.evaluate((drawer) => Promise.all(drawer.getAnimations().map((animation) => animation.finished)));
  return panel;
}

describe('the AI coach in a real browser, with a model server', () => {
  let model: FakeOpenAI;
  beforeAll(async () => {
    model = await startFakeOpenAI();
  });
  afterAll(() => model.close());
  const product = browserProductForSuite(() => ({ model: { apiKey: model.apiKey, baseURL: model.url, model: 'gpt-test', timeoutMs: 20_000 } }));

  it("opens today's plan, ticks the action plan to Complete, and activates the recommended goal", async () => {
    const api = apiClient(product.url);
    const me = await api.signup({ name: 'Carla Mendes', timezone: 'UTC' });
    expect(me.status).toBe(201);
    const token = me.body.access_token as string;
    // The coach keeps a day's answers: the plan is asked for here, so the model can answer the goal when the panel opens.
    const plan = await api.call('GET', '/api/daily-accountability', { token });
    expect(plan.status).toBe(200);
    model.answerWith({ json: SAMPLE_GOAL });

    const page = await product.signedIn(token);
    const panel = await openPlan(page, product.url, 'Carla');
    await panel.getByRole('heading', { name: SAMPLE_PLAN.title }).waitFor();
    const goal = panel.getByRole('region', { name: SAMPLE_GOAL.title });
    await goal.getByRole('button', { name: 'Activate Goal' }).waitFor();
    // A new broker: no activity yet, so the starter checklist shows.
    await panel.getByRole('region', { name: 'Quick Checklist' }).waitFor();
    await panel.getByText(/No activity yet/).waitFor();
    await viewportShot(page, '90-coaching-panel');
    await closeUp(panel, '90b-coaching-panel-close-up');
    await closeUp(goal, '90c-coaching-recommended-goal');
    expect(await accessibilityViolations(page, '[role="dialog"]')).toEqual([]);

    const actionPlan = panel.getByRole('region', { name: 'Leaderboard Action Plan' });
    for (const step of SAMPLE_PLAN.leaderboardPlan.stepByStep) await actionPlan.getByRole('checkbox', { name: step }).check();
    await actionPlan.getByRole('status').getByText('Complete').waitFor();

    await goal.getByRole('button', { name: 'Activate Goal' }).click();
    await panel.getByText('Goal activated! Start logging your activities.').waitFor();
    await goal.waitFor({ state: 'detached' });
    await closeUp(panel, '91-coaching-goal-activated');

    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    const logPanel = page.locator('#log-activity');
    await logPanel.getByText('Set Your Daily Goal First').waitFor({ state: 'detached' });
    await page.locator('#active-goals').getByText(SAMPLE_GOAL.title).waitFor();
    await page.close();

    // On a phone the panel is the whole screen; the goal stays hidden now a 1-day goal is active.
    const phone = await product.signedIn(token, PHONE);
    const phonePanel = await openPlan(phone, product.url, 'Carla');
    await phonePanel.getByRole('heading', { name: SAMPLE_PLAN.title }).waitFor();
    expect(await phonePanel.getByRole('button', { name: 'Activate Goal' }).count()).toBe(0);
    await viewportShot(phone, '92-coaching-phone');
    expect(await horizontalOverflow(phone)).toBeLessThanOrEqual(0);
    const box = await phonePanel.boundingBox();
    expect(box?.x).toBeCloseTo(0, 0);
    expect(box?.width).toBeCloseTo(PHONE.width, 0);
    await phonePanel.getByRole('button', { name: 'Close' }).click();
    await phonePanel.waitFor({ state: 'detached' });
    await phone.close();
  });

  it('says it could not load the plan when the model fails, and Try Again brings it', async () => {
    const api = apiClient(product.url);
    const me = await api.signup({ name: 'Omar Reyes', timezone: 'UTC' });
    model.answerWith({ status: 500 });
    const page = await product.signedIn(me.body.access_token);
    const panel = await openPlan(page, product.url, 'Omar');
    const failure = panel.getByRole('alert');
    await failure.getByText('Unable to load your coaching plan').waitFor();
    await closeUp(panel, '93-coaching-error');
    expect(await accessibilityViolations(page, '[role="dialog"]')).toEqual([]);

    model.answerWith({ json: SAMPLE_PLAN });
    await failure.getByRole('button', { name: 'Try Again' }).click();
    await panel.getByRole('heading', { name: SAMPLE_PLAN.title }).waitFor();
    await page.close();
  });
});
