import { forTheseTests, SAMPLE_PLAN, sampleValue, scrapeMetrics } from '@warriors/test-support';
import { startCoaching } from '../support/harness';

const coaching = forTheseTests(() => startCoaching({ modelTimeoutMs: 300 }));

const modelCalls = async (outcome: string) =>
  sampleValue(await scrapeMetrics(coaching.current.url), 'warriors_model_calls_total', { service: 'coaching', kind: 'coaching_plan', outcome }) ?? 0;

describe("coaching's model calls on /metrics", () => {
  it('counts each call to the model server by how it ended, and none for a kept answer', async () => {
    const s = coaching.current;
    const plan = (token: string) => s.call('GET', '/api/daily-accountability', { token });

    s.model.answerWith({ status: 500 });
    expect((await plan(s.broker().token)).status).toBe(502);
    s.model.answerWith({ content: '{"not": "a plan"}' });
    expect((await plan(s.broker().token)).status).toBe(502);
    s.model.answerWith({ delayMs: 2000 });
    expect((await plan(s.broker().token)).status).toBe(502);
    s.model.answerWith({ json: SAMPLE_PLAN });
    const broker = s.broker();
    expect((await plan(broker.token)).status).toBe(200);
    // The day's second request reads the kept answer: no model call.
    expect((await plan(broker.token)).status).toBe(200);

    expect(await modelCalls('failed')).toBe(1);
    expect(await modelCalls('wrong_shape')).toBe(1);
    expect(await modelCalls('timeout')).toBe(1);
    expect(await modelCalls('answered')).toBe(1);
  });
});
