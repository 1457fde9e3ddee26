import { randomUUID } from 'node:crypto';
import { eventually } from '@warriors/test-support';
import { apiClient } from './api-client';

/**
 * The goal loop through the gateway, the same in every run mode: create a daily goal, log towards it
 * with POST /api/activity, see the milestones in the log results and the completion with its bonus,
 * and find the goal under completed.
 */
export function describeCampaignsThroughGateway(baseUrl: () => string): void {
  it('tracks a daily goal from creation through milestones to completion via the activity log', async () => {
    const api = apiClient(baseUrl());
    const me = await api.signup({ name: `Goal Getter ${randomUUID().slice(0, 6)}`, timezone: 'UTC' });
    expect(me.status).toBe(201);
    const token = me.body.access_token;

    const created = await api.call('POST', '/api/campaigns', { token, body: { name: '', duration_days: 1, icon: 'target', goals: [{ type: 'cold_call', count: 4 }] } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Today: 4 Cold Calls', status: 'active', category: 'daily', goal_count: 4, progress: 0 });

    const log = () => api.call('POST', '/api/activity', { token, body: { activity_type: 'cold_call' } });
    const first = await log();
    expect(first.status).toBe(201);
    expect(first.body.milestones).toEqual(expect.arrayContaining([{ percentage: 25, goal_name: 'Today: 4 Cold Calls', remaining: 3, progress: 25 }]));
    expect(first.body.campaign_completed).toBeNull();
    const second = await log();
    expect(second.body.milestones).toEqual(expect.arrayContaining([{ percentage: 50, goal_name: 'Today: 4 Cold Calls', remaining: 2, progress: 50 }]));
    const third = await log();
    expect(third.body.milestones).toEqual(expect.arrayContaining([{ percentage: 75, goal_name: 'Today: 4 Cold Calls', remaining: 1, progress: 75 }]));
    const fourth = await log();
    expect(fourth.status).toBe(201);
    expect(fourth.body.campaign_completed).toEqual({ campaign_name: 'Today: 4 Cold Calls', bonus_points: 0, badge_earned: null });

    const list = await api.call('GET', '/api/campaigns', { token });
    expect(list.status).toBe(200);
    expect(list.body.active).toEqual([]);
    expect(list.body.completed).toEqual([expect.objectContaining({ id: created.body.id, status: 'completed', progress: 4, goal_count: 4 })]);
    expect(list.body.available.map((c: { id: number }) => c.id)).toEqual(expect.arrayContaining([1, 2, 3, 4, 5, 6, 10, 11, 12, 13, 14, created.body.id]));

    const joined = await api.call('POST', '/api/campaigns/10/join', { token });
    expect(joined.status).toBe(201);
    expect(joined.body).toMatchObject({ name: 'Power Prospecting Day', goal_type: 'power_challenge', goal_count: 75 });
    // A completed goal's bonus reaches the boards: 20 emails (20 points) pay floor(10%) = 2 on top.
    const emails = await api.call('POST', '/api/campaigns/create', { token, body: { name: 'Inbox Zero', duration_days: 7, goals: [{ type: 'email', count: 20 }] } });
    expect(emails.status).toBe(201);
    const bulk = await api.call('POST', '/api/activity/bulk', { token, body: { activity_type: 'email', quantity: 20, honesty_confirmed: true } });
    expect(bulk.status).toBe(201);
    expect(bulk.body.campaign_completed).toEqual({ campaign_name: 'Inbox Zero', bonus_points: 2, badge_earned: null });
    const userId = me.body.user.id;
    for (const board of ['/api/leaderboard/today', '/api/leaderboard/alltime']) {
      await eventually(`the bonus on ${board}`, async () => {
        const rows = await api.list<{ id: string; points: number }>(`${board}?tz=UTC`);
        return rows?.find((row) => row.id === userId && row.points === 4 + 20 + 2);
      });
    }
    const standing = await api.call('GET', '/api/leaderboard/me?window=today', { token });
    expect(standing.body).toMatchObject({ points: 26 });

    const invalid = await api.call('PUT', '/api/campaigns/abc', { token, body: {} });
    expect(invalid.status).toBe(422);
    expect(invalid.body.detail).toEqual([{ loc: ['path', 'id'], msg: 'Invalid campaign ID' }]);
  });
}
