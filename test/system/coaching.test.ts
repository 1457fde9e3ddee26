import { aiGoalItems, AiGoal, DailyAccountability, type PulseEvent } from '@warriors/contracts';
import { SAMPLE_GOAL, SAMPLE_PLAN, startFakeOpenAI, waitFor, type FakeOpenAI } from '@warriors/test-support';
import { apiClient } from '../support/api-client';
import { startStack, type TestStack } from '../support/stack';

jest.setTimeout(120_000);

describe('AI coaching in stack mode, against a fake model server', () => {
  let model: FakeOpenAI;
  let stack: TestStack;
  beforeAll(async () => {
    model = await startFakeOpenAI();
    stack = await startStack({ env: { OPENAI_API_KEY: model.apiKey, OPENAI_BASE_URL: model.url, OPENAI_MODEL: 'fake-coach' } });
  });
  afterAll(async () => {
    await stack?.close();
    await model?.close();
  });

  it("asks the model with the numbers the broker logged, and the AI goal's 1-day goal is one campaigns accepts", async () => {
    const api = apiClient(stack.url);
    const signup = await api.signup({ timezone: 'America/Chicago' });
    expect(signup.status).toBe(201);
    const token: string = signup.body.access_token;
    const log = (body: object) => api.call('POST', '/api/activity/bulk', { token, body: { honesty_confirmed: true, note: 'Owner calls, industrial submarket', ...body } });
    expect((await log({ activity_type: 'cold_call', quantity: 38 })).status).toBe(201);
    expect((await log({ activity_type: 'live_conversation', quantity: 4 })).status).toBe(201);
    expect((await api.call('POST', '/api/activity', { token, body: { activity_type: 'meeting' } })).status).toBe(201);
    // The AI goal activated as the web does it: campaigns' own route, the targets converted (spec point 9).
    const activated = await api.call('POST', '/api/campaigns', { token, body: { name: "Today's AI goal", duration_days: 1, goals: aiGoalItems(SAMPLE_GOAL.targets) } });
    expect(activated.status).toBe(201);
    // Gamification credits the points from the event stream: the streak shows once it has.
    await waitFor(async () => (await api.call('GET', '/api/leaderboard/me?window=today', { token })).body?.points > 0, 30_000, 'the points credited');

    model.answerWith({ json: SAMPLE_PLAN });
    const plan = await api.call('GET', '/api/daily-accountability', { token });
    expect(plan.status).toBe(200);
    expect(DailyAccountability.parse(plan.body)).toEqual({ ...SAMPLE_PLAN, dataQuality: 'GOOD' });
    expect(model.requests).toHaveLength(1);
    const { prompt, body } = model.requests[0]!;
    expect(body.model).toBe('fake-coach');
    expect(prompt).toContain('"Cold Calls": 38');
    expect(prompt).toContain('"Live Conversations": 4');
    expect(prompt).toContain('"Meetings": 1');
    expect(prompt).toContain('"cold_calls": 38');
    expect(prompt).toContain('"streak_days": 1');
    expect(prompt).toContain('"leaderboard_rank": 1');
    expect(prompt).toContain("Today's AI goal");

    model.answerWith({ json: SAMPLE_GOAL });
    const goal = await api.call('POST', '/api/ai/goal/today', { token });
    expect(goal.status).toBe(200);
    expect(AiGoal.parse(goal.body)).toEqual(SAMPLE_GOAL);
    // The day's plan is kept: asking again makes no model call.
    expect((await api.call('GET', '/api/daily-accountability', { token })).body).toEqual(plan.body);
    expect(model.requests).toHaveLength(2);
    // The coach's pulse line, from the plan's event through social.
    const username: string = signup.body.user.username;
    await waitFor(
      async () =>
        ((await api.list<PulseEvent>('/api/battle-pulse?limit=100', token)) ?? []).some(
          (line) => line.type === 'coach' && line.username === username && line.message === "got today's coaching plan",
        ),
      30_000,
      'the coach line in the pulse',
    );
  });
});
