import { eventuallyPasses } from '@warriors/test-support';
import { apiClient } from '../support/api-client';
import { accessibilityViolations, browserProductForSuite, DESKTOP, PHONE, screenshot } from '../support/browser';

jest.setTimeout(150_000);

const DAY = 24 * 60 * 60_000;

describe('a tied challenge board and a public profile in a real browser', () => {
  const product = browserProductForSuite();

  it('gives tied members one medal, and lets a broker nudge a rival from the profile and go back', async () => {
    const api = apiClient(product.url);
    const [host, rival, third] = await Promise.all([
      api.signup({ name: 'Tia Tied', timezone: 'UTC' }),
      api.signup({ name: 'Tom Tied', timezone: 'UTC' }),
      api.signup({ name: 'Lou Later', timezone: 'UTC' }),
    ]);
    const created = await api.call('POST', '/api/challenges', {
      token: host.body.access_token,
      body: {
        name: 'Tie Breaker',
        description: 'Equal dials, equal medals',
        start_at: new Date(Date.now() - 60_000).toISOString(),
        end_at: new Date(Date.now() + 7 * DAY).toISOString(),
        points_target: null,
        is_private: false,
        activity_goals: [{ type: 'cold_call', count: 50 }],
        invitees: [],
        invite_emails: '',
      },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    for (const member of [rival, third]) expect((await api.call('POST', `/api/challenges/${id}/join`, { token: member.body.access_token })).status).toBe(200);
    for (const [who, calls] of [
      [host, 3],
      [rival, 3],
      [third, 1],
    ] as const) {
      for (let index = 0; index < calls; index += 1) await api.call('POST', '/api/activity', { token: who.body.access_token, body: { activity_type: 'cold_call' } });
    }

    for (const [viewport, name] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const viewer = await product.signedIn(third.body.access_token, viewport);
      await eventuallyPasses(async () => {
        await viewer.goto(`${product.url}/challenges`);
        await viewer.getByRole('tab', { name: 'My Challenges' }).click();
        await viewer.getByRole('button', { name: 'Tie Breaker', exact: true }).click();
        const dialog = viewer.getByRole('dialog', { name: 'Tie Breaker' });
        const ranks = await dialog.locator('.challenge-board__rank').evaluateAll((marks) => marks.map((mark) => mark.getAttribute('aria-label')));
        expect(ranks).toEqual(['Rank 1', 'Rank 1', 'Rank 3']);
      }, 30_000);
      await screenshot(viewer, `challengeux-${name}-tied-board`);
      expect(await accessibilityViolations(viewer)).toEqual([]);

      // The rival's profile, reached from the dashboard: Nudge, then Back.
      await viewer.goto(`${product.url}/dashboard`);
      await viewer.goto(`${product.url}/profile/${rival.body.user.id as string}`);
      const nudges = viewer.getByRole('group', { name: 'Nudge Tom Tied' });
      await nudges.getByRole('button', { name: 'Cheer Tom Tied' }).click();
      await nudges.getByRole('status').filter({ hasText: 'Cheer sent!' }).waitFor();
      await screenshot(viewer, `challengeux-${name}-public-profile`);
      expect(await accessibilityViolations(viewer)).toEqual([]);
      await viewer.getByRole('button', { name: 'Back' }).click();
      await viewer.waitForURL(/\/dashboard$/);
      await viewer.close();
    }
  });
});
