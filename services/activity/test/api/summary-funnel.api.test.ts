import { randomUUID } from 'node:crypto';
import { BUS_QUESTIONS, ActivityCountsByWindow, DayEntriesReply, FunnelMetrics, FunnelReply, UserStats, UserSummary, type UserProjection } from '@warriors/contracts';
import { NOW, startActivity, type TestActivity } from '../support/harness';

let activity: TestActivity;
let subject: { user: UserProjection; token: string };
let viewer: { user: UserProjection; token: string };

/**
 * A known history for a broker in New York, logged through the API with the clock pinned.
 * NOW is Wednesday 2025-03-12 08:00 in New York (EDT, UTC-4 since March 9).
 */
const HISTORY: Array<[at: string, path: string, body: object, localDate: string]> = [
  [NOW, '/api/activity/bulk', { activity_type: 'cold_call', quantity: 10, honesty_confirmed: true }, '2025-03-12'],
  [NOW, '/api/activity', { activity_type: 'live_conversation' }, '2025-03-12'],
  [NOW, '/api/activity', { activity_type: 'meeting' }, '2025-03-12'],
  // 03:30 UTC is still 23:30 the evening before in New York.
  ['2025-03-12T03:30:00Z', '/api/activity/bulk', { activity_type: 'email', quantity: 5, honesty_confirmed: true }, '2025-03-11'],
  // Sunday: the ISO week before this one, but inside the last 7 days.
  ['2025-03-09T16:00:00Z', '/api/activity', { activity_type: 'doorknock' }, '2025-03-09'],
  ['2025-03-04T15:00:00Z', '/api/activity/bulk', { activity_type: 'cold_call', quantity: 20, honesty_confirmed: true }, '2025-03-04'],
  // Inside February 1-12 (last month's same span) and one day before the 30-day chart starts.
  ['2025-02-10T15:00:00Z', '/api/activity', { activity_type: 'meeting' }, '2025-02-10'],
  ['2024-12-31T15:00:00Z', '/api/activity', { activity_type: 'newsletter_sent' }, '2024-12-31'],
];

beforeAll(async () => {
  activity = await startActivity({ effectsWaitMs: 10 });
  subject = await activity.registerUser({ timezone: 'America/New_York', name: 'Nora York', username: 'nora_york' });
  viewer = await activity.registerUser({ timezone: 'Asia/Tokyo' });
  for (const [at, path, body, localDate] of HISTORY) {
    activity.clock.set(at);
    const reply = await activity.call('POST', path, { token: subject.token, body });
    expect(reply.body.activity?.local_date).toBe(localDate);
  }
  activity.clock.set(NOW);
});

afterAll(async () => {
  await activity.close();
});

const summary = (token: string, userId: string, window?: string) => activity.call('GET', `/api/users/${userId}/summary${window ? `?window=${window}` : ''}`, { token });
const funnel = (token: string, userId: string, window?: string) => activity.call('GET', `/api/users/${userId}/metrics/funnel${window ? `?window=${window}` : ''}`, { token });

const counts = (body: { activity_counts: Record<string, { count: number; prev_count: number }> }) =>
  Object.fromEntries(Object.entries(body.activity_counts).filter(([, c]) => c.count > 0 || c.prev_count > 0));

describe('GET /api/users/{id}/summary', () => {
  it('answers the last 7 days against the 7 before by default, with points in the user’s calendar', async () => {
    const reply = await summary(subject.token, subject.user.user_id);
    expect(reply.status).toBe(200);
    const body = UserSummary.strict().parse(reply.body);
    expect(body.user).toEqual({ id: subject.user.user_id, name: 'Nora York', username: 'nora_york', timezone: 'America/New_York' });
    expect(body.window).toBe('7d');
    expect(counts(body)).toEqual({
      cold_call: { count: 10, prev_count: 20 },
      live_conversation: { count: 1, prev_count: 0 },
      meeting: { count: 1, prev_count: 0 },
      email: { count: 5, prev_count: 0 },
      doorknock: { count: 1, prev_count: 0 },
    });
    expect(body.activity_counts.thank_you_card).toEqual({ count: 0, prev_count: 0 });
    expect(body).toMatchObject({ today_points: 23, weekly_points: 28, monthly_points: 51, yearly_points: 61, total_points: 64 });
  });

  it('charts the last 30 local dates with zero days', async () => {
    const { body } = await summary(subject.token, subject.user.user_id);
    const dates = Object.keys(body.daily_points);
    expect(dates).toHaveLength(30);
    expect(dates[0]).toBe('2025-02-11');
    expect(dates[29]).toBe('2025-03-12');
    expect(Object.fromEntries(Object.entries(body.daily_points).filter(([, p]) => p !== 0))).toEqual({
      '2025-03-04': 20,
      '2025-03-09': 3,
      '2025-03-11': 5,
      '2025-03-12': 23,
    });
  });

  it('compares today with yesterday', async () => {
    const { body } = await summary(subject.token, subject.user.user_id, 'today');
    expect(counts(body)).toEqual({
      cold_call: { count: 10, prev_count: 0 },
      live_conversation: { count: 1, prev_count: 0 },
      meeting: { count: 1, prev_count: 0 },
      email: { count: 0, prev_count: 5 },
    });
  });

  it('compares month-to-date with the same days of last month', async () => {
    const { body } = await summary(subject.token, subject.user.user_id, 'month');
    expect(counts(body)).toEqual({
      cold_call: { count: 30, prev_count: 0 },
      live_conversation: { count: 1, prev_count: 0 },
      meeting: { count: 1, prev_count: 1 },
      email: { count: 5, prev_count: 0 },
      doorknock: { count: 1, prev_count: 0 },
    });
  });

  it('counts everything for all_time with no previous window', async () => {
    const { body } = await summary(subject.token, subject.user.user_id, 'all_time');
    expect(counts(body)).toEqual({
      cold_call: { count: 30, prev_count: 0 },
      live_conversation: { count: 1, prev_count: 0 },
      meeting: { count: 2, prev_count: 0 },
      email: { count: 5, prev_count: 0 },
      doorknock: { count: 1, prev_count: 0 },
      newsletter_sent: { count: 1, prev_count: 0 },
    });
  });

  it('uses the subject’s calendar whoever looks', async () => {
    // The viewer is in Tokyo, where it is already the evening of the 12th; the answer is New York's.
    expect((await summary(viewer.token, subject.user.user_id)).body).toEqual((await summary(subject.token, subject.user.user_id)).body);
  });

  it('rolls over at the subject’s local midnight', async () => {
    // 04:00 UTC on the 13th is midnight in New York: the 12th becomes yesterday.
    activity.clock.set('2025-03-13T04:00:00Z');
    try {
      const { body } = await summary(subject.token, subject.user.user_id, 'today');
      expect(body.today_points).toBe(0);
      expect(body.activity_counts.cold_call).toEqual({ count: 0, prev_count: 10 });
      expect(Object.keys(body.daily_points).at(-1)).toBe('2025-03-13');
    } finally {
      activity.clock.set(NOW);
    }
  });
});

describe('GET /api/users/{id}/metrics/funnel', () => {
  it('answers the 7-day funnel by default', async () => {
    const reply = await funnel(subject.token, subject.user.user_id);
    expect(reply.status).toBe(200);
    expect(FunnelMetrics.strict().parse(reply.body)).toEqual({
      window: '7d',
      // outreach = 10 calls + 5 emails + 1 doorknock; 1/16 = 6.25% rounds to 6.3.
      ratios: { call_to_convo: 10, convo_to_meeting: 100, outreach_to_convo: 6.3, overall_conversion: 6.3 },
      total_outreach: 16,
      live_conversations: 1,
      meetings: 1,
      cold_calls: 10,
    });
  });

  it.each([
    ['today', { call_to_convo: 10, convo_to_meeting: 100, outreach_to_convo: 10, overall_conversion: 10 }, 10, 10],
    ['30d', { call_to_convo: 3.3, convo_to_meeting: 100, outreach_to_convo: 2.8, overall_conversion: 2.8 }, 36, 30],
  ])('answers the %s funnel', async (window, ratios, outreach, calls) => {
    const { body } = await funnel(viewer.token, subject.user.user_id, window);
    expect(body).toEqual({ window, ratios, total_outreach: outreach, live_conversations: 1, meetings: 1, cold_calls: calls });
  });

  it('answers zeros for a user without activity', async () => {
    const { body } = await funnel(viewer.token, viewer.user.user_id, 'today');
    expect(body.ratios).toEqual({ call_to_convo: 0, convo_to_meeting: 0, outreach_to_convo: 0, overall_conversion: 0 });
  });
});

describe('GET /api/users/{id}/stats', () => {
  const stats = (token: string, userId: string) => activity.call('GET', `/api/users/${userId}/stats`, { token });

  it('answers the whole screen in the user’s calendar, agreeing with the summary and the funnel', async () => {
    const reply = await stats(subject.token, subject.user.user_id);
    expect(reply.status).toBe(200);
    const body = UserStats.strict().parse(reply.body);
    const { body: weekSummary } = await summary(subject.token, subject.user.user_id);
    expect(body).toMatchObject({
      timezone: 'America/New_York',
      local_date: '2025-03-12',
      today_points: weekSummary.today_points,
      weekly_points: weekSummary.weekly_points,
      monthly_points: weekSummary.monthly_points,
      yearly_points: weekSummary.yearly_points,
      total_points: weekSummary.total_points,
    });
    expect(body.daily_points.map(({ date, points }) => [date, points])).toEqual(Object.entries(weekSummary.daily_points));
    for (const window of ['today', '7d', 'month', 'all_time']) {
      expect(body.activity_counts[window as keyof typeof body.activity_counts]).toEqual(counts((await summary(subject.token, subject.user.user_id, window)).body));
    }
    for (const window of ['today', '7d', 'month'] as const) {
      expect(body.funnel[window]).toEqual((await funnel(subject.token, subject.user.user_id, window)).body);
    }
    expect(body.funnel.month).toMatchObject({ window: 'month', cold_calls: 30, meetings: 1 });
  });

  it('refuses another user’s stats with 403, public profile or not, and answers 401 without a token', async () => {
    expect(await stats(viewer.token, subject.user.user_id)).toEqual({ status: 403, body: { detail: 'You can only read your own stats' } });
    expect((await stats(viewer.token, 'not-even-a-uuid')).status).toBe(403);
    expect((await activity.call('GET', `/api/users/${subject.user.user_id}/stats`)).status).toBe(401);
  });

  it('answers zeros for a user who logged nothing', async () => {
    const { body } = await stats(viewer.token, viewer.user.user_id);
    expect(body).toMatchObject({ timezone: 'Asia/Tokyo', total_points: 0, activity_counts: { today: {}, '7d': {}, month: {}, all_time: {} } });
    expect(body.daily_points).toHaveLength(30);
  });
});

describe.each([
  ['summary', summary, 'today, 7d, month, all_time'],
  ['funnel', funnel, 'today, 7d, 30d'],
])('%s access', (_name, get, windows) => {
  it('lets a private user read their own and refuses others with 403', async () => {
    const hidden = await activity.registerUser({ profile_public: false });
    expect((await get(hidden.token, hidden.user.user_id)).status).toBe(200);
    expect(await get(viewer.token, hidden.user.user_id)).toEqual({ status: 403, body: { detail: 'This user has set their profile to private' } });
  });

  it('answers 404 for a user nobody knows', async () => {
    const auth = await activity.bus.reply(BUS_QUESTIONS.userProjection.subject, async () => null);
    try {
      expect(await get(viewer.token, randomUUID())).toEqual({ status: 404, body: { detail: 'User not found' } });
      expect(await get(viewer.token, 'not-even-a-uuid')).toEqual({ status: 404, body: { detail: 'User not found' } });
    } finally {
      await auth.stop();
    }
  });

  it('answers 404 for a text that cannot be a user id, without asking auth or reaching SQL', async () => {
    // Nobody answers for auth here: these must not wait for it (that was a 503), nor reach SQL (a NUL was a 500).
    for (const id of ['not-even-a-uuid', '2147483648', '%00', 'A'.repeat(5000)]) {
      expect(await get(viewer.token, id)).toEqual({ status: 404, body: { detail: 'User not found' } });
    }
  });

  it('answers 422 at query.window for an unknown window', async () => {
    const reply = await get(viewer.token, subject.user.user_id, 'alltime');
    expect(reply.status).toBe(422);
    expect(reply.body.detail).toHaveLength(1);
    expect(reply.body.detail[0].loc).toEqual(['query', 'window']);
    expect(reply.body.detail[0].msg).toContain(windows.split(', ')[0]);
  });

  it('answers 401 without a token', async () => {
    expect((await activity.call('GET', `/api/users/${subject.user.user_id}/summary`)).status).toBe(401);
    expect((await activity.call('GET', `/api/users/${subject.user.user_id}/metrics/funnel`)).status).toBe(401);
  });
});

describe(`request ${BUS_QUESTIONS.activityCounts.subject}`, () => {
  const ask = async (payload: object) => ActivityCountsByWindow.parse(await activity.bus.request(BUS_QUESTIONS.activityCounts.subject, payload, 2000));

  it('answers the quantities by type in the owner’s local today, last 7 and last 30 days, types never logged absent', async () => {
    expect(await ask({ user_id: subject.user.user_id, timezone: 'America/New_York' })).toEqual({
      today: { cold_call: 10, live_conversation: 1, meeting: 1 },
      '7d': { cold_call: 10, live_conversation: 1, meeting: 1, email: 5, doorknock: 1 },
      // 2025-02-10's meeting is one day before the 30 days start.
      '30d': { cold_call: 30, live_conversation: 1, meeting: 1, email: 5, doorknock: 1 },
    });
  });

  it('reads the windows in the timezone asked for', async () => {
    // 12:00 UTC is already 2025-03-13 01:00 in Kiritimati (UTC+14): nothing logged "today" there.
    const counts = await ask({ user_id: subject.user.user_id, timezone: 'Pacific/Kiritimati' });
    expect(counts.today).toEqual({});
    expect(counts['7d']).toEqual({ cold_call: 10, live_conversation: 1, meeting: 1, email: 5, doorknock: 1 });
  });

  it('answers empty windows for someone who logged nothing or a text that is no user id', async () => {
    const empty = { today: {}, '7d': {}, '30d': {} };
    expect(await ask({ user_id: viewer.user.user_id, timezone: 'Asia/Tokyo' })).toEqual(empty);
    expect(await ask({ user_id: 'not-a-uuid', timezone: 'UTC' })).toEqual(empty);
  });

  it('refuses a payload that is not the contract’s', async () => {
    await expect(activity.bus.request(BUS_QUESTIONS.activityCounts.subject, { user_id: 42 }, 2000)).rejects.toThrow();
  });
});

describe(`request ${BUS_QUESTIONS.dayEntries.subject}`, () => {
  const ask = async (payload: object) => DayEntriesReply.parse(await activity.bus.request(BUS_QUESTIONS.dayEntries.subject, payload, 2000));

  it('answers the entries of one local day that count, oldest first (a goal made that day credits them)', async () => {
    const today = await ask({ user_id: subject.user.user_id, local_date: '2025-03-12' });
    expect(today.map((e) => [e.activity_type, e.quantity, e.points, e.occurred_at])).toEqual([
      ['cold_call', 10, 10, NOW],
      ['live_conversation', 1, 3, NOW],
      ['meeting', 1, 10, NOW],
    ]);
    expect((await ask({ user_id: subject.user.user_id, local_date: '2025-03-11' })).map((e) => e.activity_type)).toEqual(['email']);
    expect(await ask({ user_id: 'not-a-uuid', local_date: '2025-03-12' })).toEqual([]);
  });

  it('leaves out a deleted entry', async () => {
    const broker = await activity.registerUser({ timezone: 'America/New_York' });
    const kept = await activity.call('POST', '/api/activity', { token: broker.token, body: { activity_type: 'email' } });
    const undone = await activity.call('POST', '/api/activity', { token: broker.token, body: { activity_type: 'doorknock' } });
    expect((await activity.call('DELETE', `/api/activity/${undone.body.activity.id}`, { token: broker.token })).status).toBe(204);
    expect((await ask({ user_id: broker.user.user_id, local_date: '2025-03-12' })).map((e) => e.activity_id)).toEqual([kept.body.activity.id]);
  });
});

describe(`request ${BUS_QUESTIONS.funnel.subject}`, () => {
  const ask = async (payload: object) => FunnelReply.parse(await activity.bus.request(BUS_QUESTIONS.funnel.subject, payload, 2000));

  it.each(['today', '7d', '30d'] as const)('answers the user’s own %s funnel, as GET /metrics/funnel shows it to them', async (window) => {
    const shown = await funnel(subject.token, subject.user.user_id, window);
    expect(await ask({ user_id: subject.user.user_id, timezone: 'America/New_York', window })).toEqual(shown.body);
  });

  it('reads the window in the timezone asked for', async () => {
    // 12:00 UTC is already 2025-03-13 01:00 in Kiritimati (UTC+14): nothing logged "today" there.
    expect(await ask({ user_id: subject.user.user_id, timezone: 'Pacific/Kiritimati', window: 'today' })).toMatchObject({ total_outreach: 0, meetings: 0 });
  });

  it('answers an empty funnel for someone who logged nothing or a text that is no user id', async () => {
    for (const userId of [viewer.user.user_id, 'not-a-uuid']) {
      expect(await ask({ user_id: userId, timezone: 'UTC', window: '30d' })).toMatchObject({ window: '30d', total_outreach: 0, live_conversations: 0, meetings: 0, cold_calls: 0 });
    }
  });

  it('refuses a payload that is not the contract’s', async () => {
    await expect(activity.bus.request(BUS_QUESTIONS.funnel.subject, { user_id: subject.user.user_id, window: 'forever' }, 2000)).rejects.toThrow();
  });
});
