import { AiGoal, COACHING_MESSAGES } from '@warriors/contracts';
import { forTheseTests, SAMPLE_GOAL, SAMPLE_PLAN } from '@warriors/test-support';
import { noActivity, startCoaching } from '../support/harness';

const coaching = forTheseTests(() => startCoaching({ modelTimeoutMs: 500 }));

const goal = (token: string) => coaching.current.call('POST', '/api/ai/goal/today', { token });

describe('POST /api/ai/goal/today', () => {
  it("answers the model's goal, sized from the broker's own rates, and keeps it for their local day", async () => {
    const s = coaching.current;
    const broker = s.broker({
      ...noActivity(),
      counts: { today: {}, '7d': { cold_call: 200 }, '30d': { cold_call: 800, meeting: 21 } },
      funnel: {
        window: '30d',
        ratios: { call_to_convo: 7.5, convo_to_meeting: 35, outreach_to_convo: 7.5, overall_conversion: 2.63 },
        total_outreach: 800,
        live_conversations: 60,
        meetings: 21,
        cold_calls: 800,
      },
    });
    s.model.answerWith({ json: SAMPLE_GOAL });
    const before = s.model.requests.length;
    const res = await goal(broker.token);
    expect(res.status).toBe(200);
    expect(AiGoal.parse(res.body)).toEqual(SAMPLE_GOAL);
    const { prompt, body } = s.model.requests.at(-1)!;
    expect(body.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'ai_goal', strict: true } });
    expect(prompt).toContain('"Cold Calls": 800');
    expect(prompt).toContain('"overall_conversion": 2.63');

    // The day's goal is kept apart from the day's plan: asking for the plan still asks the model.
    s.model.answerWith({ json: SAMPLE_PLAN });
    expect((await goal(broker.token)).body).toEqual(SAMPLE_GOAL);
    expect(s.model.requests.length - before).toBe(1);
    expect((await s.call('GET', '/api/daily-accountability', { token: broker.token })).status).toBe(200);
    expect(s.model.requests.length - before).toBe(2);
  });

  it.each([
    ['a plan where a goal was asked', { json: SAMPLE_PLAN }],
    ['negative targets', { json: { ...SAMPLE_GOAL, targets: { ...SAMPLE_GOAL.targets, calls: -5 } } }],
    ['malformed JSON', { content: 'Sure! Here is your goal:' }],
    ['an HTTP 500', { status: 500 }],
  ])('answers 502 for %s and keeps nothing', async (_case, answer) => {
    const s = coaching.current;
    const broker = s.broker();
    s.model.answerWith(answer);
    const failed = await goal(broker.token);
    expect(failed.status).toBe(502);
    expect(failed.body).toEqual({ detail: COACHING_MESSAGES.modelFailed });
    s.model.answerWith({ json: SAMPLE_GOAL });
    expect((await goal(broker.token)).body).toEqual(SAMPLE_GOAL);
  });

  it('answers 502 with the timeout message when the model is too slow', async () => {
    const s = coaching.current;
    const broker = s.broker();
    s.model.answerWith({ delayMs: 3000, json: SAMPLE_GOAL });
    const res = await goal(broker.token);
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ detail: COACHING_MESSAGES.modelTimeout });
  });

  it('needs the bearer token', async () => {
    expect((await coaching.current.call('POST', '/api/ai/goal/today')).status).toBe(401);
  });
});
