import { randomUUID } from 'node:crypto';
import { waitFor } from '@warriors/test-support';
import { apiClient } from './api-client';

/**
 * The core loop every run mode must give a broker through the gateway: log, earn points and a
 * badge, climb the boards, see it on /me, the badges, the feed and the summary.
 */
export function describeCoreLoopThroughGateway(baseUrl: () => string): void {
  it('logs activities and moves points, streak, badges, rank, the feed and the summary', async () => {
    const api = apiClient(baseUrl());
    const tag = randomUUID().slice(0, 6);
    const rival = await api.signup({ name: `Rival ${tag}`, timezone: 'UTC' });
    const me = await api.signup({ name: `Climber ${tag}`, timezone: 'UTC' });
    const token = me.body.access_token;
    const myId = me.body.user.id;

    const rivalLog = await api.call('POST', '/api/activity/bulk', {
      token: rival.body.access_token,
      body: { activity_type: 'live_conversation', quantity: 5, honesty_confirmed: true },
    });
    expect(rivalLog.status).toBe(201);
    expect(rivalLog.body.points_awarded).toBe(15);

    const single = await api.call('POST', '/api/activity', { token, body: { activity_type: 'meeting', points: 999 } });
    expect(single.status).toBe(201);
    expect(single.body.points_awarded).toBe(10);
    expect(single.body.badges.map((b: { badge_type: string }) => b.badge_type)).toContain('first_meeting');

    const bulk = await api.call('POST', '/api/activity/bulk', {
      token,
      body: { activity_type: 'cold_call', quantity: 50, note: 'Afternoon call block', honesty_confirmed: true },
    });
    expect(bulk.status).toBe(201);
    expect(bulk.body.points_awarded).toBe(50);
    expect(bulk.body.badges.map((b: { badge_type: string }) => b.badge_type)).toEqual(expect.arrayContaining(['call_crusher', 'daily_victory']));
    expect(bulk.body.rank_change).toMatchObject({ passed_users: [expect.objectContaining({ username: rival.body.user.username })] });

    const retried = await api.call('POST', '/api/activity/bulk', {
      token,
      body: { activity_type: 'cold_call', quantity: 101, honesty_confirmed: true },
    });
    expect(retried.status).toBe(422);
    expect(retried.body.detail).toEqual([{ loc: ['body', 'quantity'], msg: 'Quantity must be between 1 and 100' }]);

    await waitFor(
      async () => {
        const board = await api.list<{ id: string; points: number }>('/api/leaderboard/today?tz=UTC');
        if (!board) return false;
        const mine = board.findIndex((row) => row.id === myId);
        const theirs = board.findIndex((row) => row.id === rival.body.user.id);
        return mine >= 0 && board[mine]!.points === 60 && theirs > mine;
      },
      5_000,
      'the climber above the rival on the today board',
    );
    const standing = await api.call('GET', '/api/leaderboard/me?window=alltime', { token });
    expect(standing.body).toMatchObject({ points: 60, window: 'alltime' });

    const profile = await api.call('GET', '/api/me', { token });
    expect(profile.body.streak_days).toBe(1);
    // The log's answer carries the streak /me reports after it, so the web need not ask /me.
    expect([single.body.streak_days, bulk.body.streak_days]).toEqual([1, 1]);
    expect(profile.body.badges.map((b: { badge_type: string }) => b.badge_type)).toEqual(expect.arrayContaining(['first_meeting', 'call_crusher']));

    const feed = await api.call('GET', '/api/recent-activities');
    expect(feed.body.some((row: { user_id: string; activity_type: string }) => row.user_id === myId && row.activity_type === 'cold_call')).toBe(true);

    const summary = await api.call('GET', `/api/users/${myId}/summary?window=today`, { token });
    expect(summary.body).toMatchObject({ today_points: 60, total_points: 60, activity_counts: { meeting: { count: 1 }, cold_call: { count: 50 } } });
    const funnel = await api.call('GET', `/api/users/${myId}/metrics/funnel?window=today`, { token });
    expect(funnel.body).toMatchObject({ cold_calls: 50, meetings: 1 });
  });
}
