import { randomUUID } from 'node:crypto';
import { coachPlanMadeEventId, COACHING_MESSAGES, DailyAccountability, LOW_DATA_THRESHOLD, type Campaign } from '@warriors/contracts';
import { eventually, forTheseTests, SAMPLE_PLAN } from '@warriors/test-support';
import { noActivity, startCoaching, type PlayedFigures } from '../support/harness';

const coaching = forTheseTests(() => startCoaching({ modelTimeoutMs: 500 }));

const industrialGoal: Campaign = {
  id: 7,
  campaign_id: 7,
  user_campaign_id: 31,
  goal_id: 31,
  name: 'Industrial Owner Blitz',
  campaign_name: 'Industrial Owner Blitz',
  description: 'Call every industrial owner in the submarket',
  icon: 'target',
  kind: 'custom',
  status: 'active',
  duration_days: 7,
  category: 'weekly',
  goal_type: [{ type: 'cold_call', count: 150 }],
  activity_type: null,
  goal_count: 150,
  progress: 64,
  started_at: '2026-02-27T15:00:00.000Z',
  ends_at: '2026-03-06T15:00:00.000Z',
  days_remaining: 4,
  completed_at: null,
  bonus_points: 50,
  creator_id: null,
  is_auto_generated: false,
  activity_breakdown: [{ type: 'cold_call', current: 64, target: 150 }],
};

/** A broker with a month of real work: 760 calls, 52 conversations, 20 meetings. */
const busyBroker = (): PlayedFigures => ({
  ...noActivity(),
  counts: { today: { cold_call: 12 }, '7d': { cold_call: 190, meeting: 5 }, '30d': { cold_call: 760, live_conversation: 52, meeting: 20 } },
  funnel: {
    window: '30d',
    ratios: { call_to_convo: 6.84, convo_to_meeting: 38.46, outreach_to_convo: 6.84, overall_conversion: 2.63 },
    total_outreach: 760,
    live_conversations: 52,
    meetings: 20,
    cold_calls: 760,
  },
  stats: { rank: 3, streak_days: 11, today_points: 36, points_7d: 400, points_30d: 1500, total_points: 4000, badges: [] },
  standing: { rank: 5, points: 36, gap_to_next: 14, window: 'today', daily_goal_points: 100 },
  goals: [industrialGoal],
});

const plan = (token: string) => coaching.current.call('GET', '/api/daily-accountability', { token });

describe('GET /api/daily-accountability', () => {
  it("answers the model's plan, asking the model with the broker's own figures in their timezone", async () => {
    const s = coaching.current;
    const broker = s.broker(busyBroker());
    s.model.answerWith({ json: SAMPLE_PLAN });
    const before = s.model.requests.length;
    const res = await plan(broker.token);
    expect(res.status).toBe(200);
    expect(DailyAccountability.parse(res.body)).toEqual({ ...SAMPLE_PLAN, dataQuality: 'GOOD' });
    const asked = s.model.requests.slice(before);
    expect(asked).toHaveLength(1);
    const { prompt, body } = asked[0]!;
    expect(body.model).toBe('fake-coach');
    expect(body.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'coaching_plan', strict: true } });
    // Counts by window, the 30-day ratios, streak, rank and gap, points vs the daily goal, the goal's progress.
    expect(prompt).toContain('"Cold Calls": 760');
    expect(prompt).toContain('"Meetings": 20');
    expect(prompt).toContain('"call_to_convo": 6.84');
    expect(prompt).toContain('"convo_to_meeting": 38.46');
    expect(prompt).toContain('"streak_days": 11');
    expect(prompt).toContain('"leaderboard_rank": 5');
    expect(prompt).toContain('"points_behind_next_rank": 14');
    expect(prompt).toContain('"points_to_daily_goal": 64');
    expect(prompt).toContain('Industrial Owner Blitz');
    expect(prompt).toContain('"days_remaining": 4');
    expect(prompt).toContain('"progress": "64/150"');
    expect(prompt).toContain('Battle Pulse');
    expect(s.asked).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ payload: { user_id: broker.id, timezone: 'America/Denver', window: '30d' } }),
        expect.objectContaining({ payload: { user_id: broker.id, timezone: 'America/Denver', window: 'today' } }),
      ]),
    );
  });

  it.each([
    ['NO_DATA', 0],
    ['LOW_DATA', LOW_DATA_THRESHOLD - 1],
    ['GOOD', LOW_DATA_THRESHOLD],
  ])('computes %s from the units logged in 30 days (%i), whatever the model says', async (quality, units) => {
    const s = coaching.current;
    const figures = noActivity();
    if (units > 0) figures.counts = { today: {}, '7d': {}, '30d': { cold_call: units - 1, meeting: 1 } };
    const broker = s.broker(figures);
    s.model.answerWith({ json: { ...SAMPLE_PLAN, dataQuality: 'GOOD' } });
    const res = await plan(broker.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ dataQuality: quality });
    expect(s.model.requests.at(-1)!.prompt).toContain(`"data_quality": "${quality}"`);
  });

  it("keeps a good plan for the broker's local day: the same day asks the model once, the next local day again", async () => {
    const s = coaching.current;
    const broker = s.broker(busyBroker());
    s.model.answerWith({ json: SAMPLE_PLAN });
    const before = s.model.requests.length;
    expect((await plan(broker.token)).status).toBe(200);
    // 22:59 in Denver is still the same local day though UTC has moved to the next date.
    s.clock.set('2026-03-03T05:59:00.000Z');
    s.model.answerWith({ json: { ...SAMPLE_PLAN, title: 'Another plan' } });
    const again = await plan(broker.token);
    expect(again.body).toMatchObject({ title: SAMPLE_PLAN.title });
    expect(s.model.requests.length - before).toBe(1);
    // Midnight in Denver: a new day, a new plan.
    s.clock.set('2026-03-03T07:00:00.000Z');
    const nextDay = await plan(broker.token);
    expect(nextDay.status).toBe(200);
    expect(nextDay.body).toMatchObject({ title: 'Another plan' });
    expect(s.model.requests.length - before).toBe(2);
    // One coach pulse event a day made, through the outbox.
    await eventually('the coach events published', async () => (s.coached.filter((e) => e.data.user_id === broker.id).length === 2 ? true : undefined));
    expect(s.coached.filter((e) => e.data.user_id === broker.id).map((e) => e.id)).toEqual([
      coachPlanMadeEventId(broker.id, '2026-03-02'),
      coachPlanMadeEventId(broker.id, '2026-03-03'),
    ]);
    s.clock.set('2026-03-02T15:00:00.000Z');
  });

  it.each([
    ['malformed JSON', { content: '{"title": "Forty dials", "accountability": ' }, COACHING_MESSAGES.modelFailed],
    ['JSON of the wrong shape', { json: { title: 'A plan', checklist: 'call people' } }, COACHING_MESSAGES.modelFailed],
    ['a plan with an empty checklist', { json: { ...SAMPLE_PLAN, quickChecklist: [] } }, COACHING_MESSAGES.modelFailed],
    ['an HTTP 500', { status: 500 }, COACHING_MESSAGES.modelFailed],
    ['no answer before the timeout', { delayMs: 3000, json: SAMPLE_PLAN }, COACHING_MESSAGES.modelTimeout],
  ])('answers 502 for %s, keeps nothing, and asks the model again next time', async (_case, answer, detail) => {
    const s = coaching.current;
    const broker = s.broker(busyBroker());
    s.model.answerWith(answer);
    const before = s.model.requests.length;
    const failed = await plan(broker.token);
    expect(failed.status).toBe(502);
    expect(failed.body).toEqual({ detail });
    s.model.answerWith({ json: SAMPLE_PLAN });
    const retried = await plan(broker.token);
    expect(retried.status).toBe(200);
    expect(retried.body).toEqual({ ...SAMPLE_PLAN, dataQuality: 'GOOD' });
    expect(s.model.requests.length - before).toBe(2);
  });

  it('answers 502 when the model server refuses connections', async () => {
    const refused = await startCoaching({ modelTimeoutMs: 500 });
    try {
      const broker = refused.broker(busyBroker());
      await refused.model.close();
      const res = await refused.call('GET', '/api/daily-accountability', { token: broker.token });
      expect(res.status).toBe(502);
      expect(res.body).toEqual({ detail: COACHING_MESSAGES.modelFailed });
    } finally {
      await refused.close();
    }
  });

  it.each(['counts', 'funnel', 'stats', 'standing', 'goals'] as const)('answers 503 without asking the model when %s cannot be had', async (silent) => {
    const s = coaching.current;
    const broker = s.broker({ ...busyBroker(), silent });
    const before = s.model.requests.length;
    const res = await plan(broker.token);
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ detail: COACHING_MESSAGES.figuresUnavailable });
    expect(s.model.requests.length).toBe(before);
  });

  it('needs the bearer token', async () => {
    const res = await coaching.current.call('GET', '/api/daily-accountability');
    expect(res.status).toBe(401);
  });

  it('answers 401 to the token of an account auth no longer knows (deleted), asking the model nothing', async () => {
    const s = coaching.current;
    const before = s.model.requests.length;
    const res = await plan(s.tokens.sign({ id: '0b5e3c1e-4a8e-4d5e-9f3a-1a2b3c4d5e6f' }));
    expect(res.status).toBe(401);
    expect(s.model.requests.length).toBe(before);
  });
});

describe('a deleted account', () => {
  it("forgets the broker's kept plan with their account and refuses their token after", async () => {
    const s = coaching.current;
    const broker = s.broker(busyBroker());
    s.model.answerWith({ json: SAMPLE_PLAN });
    expect((await plan(broker.token)).status).toBe(200);
    const kept = () => s.database.db.withSchema('coaching').selectFrom('daily_answers').select('kind').where('user_id', '=', broker.id).execute();
    expect(await kept()).toHaveLength(1);

    await s.bus.publish({ id: randomUUID(), type: 'user.deleted', v: 1, occurredAt: s.clock.now().toISOString(), data: { user_id: broker.id } });
    await eventually('the answers forgotten', async () => ((await kept()).length === 0 ? true : undefined));
    const before = s.model.requests.length;
    expect((await plan(broker.token)).status).toBe(401);
    expect(s.model.requests.length).toBe(before);
  });
});

describe('coaching without a model server', () => {
  const unconfigured = forTheseTests(() => startCoaching({ configured: false }));

  it.each([
    ['GET', '/api/daily-accountability'],
    ['POST', '/api/ai/goal/today'],
  ])('%s %s answers 503 not configured, asking no one', async (method, path) => {
    const s = unconfigured.current;
    const broker = s.broker(busyBroker());
    const res = await s.call(method, path, { token: broker.token });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ detail: COACHING_MESSAGES.notConfigured });
    expect((res.body as { detail: string }).detail).toContain('not configured');
    expect(s.model.requests).toHaveLength(0);
  });
});
