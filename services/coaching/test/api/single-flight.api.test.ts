import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { AiGoal, COACHING_MESSAGES } from '@warriors/contracts';
import { bothDatabases, createTestDatabase, forTheseTests, onDatabase, SAMPLE_GOAL, SAMPLE_PLAN, startFakeOpenAI } from '@warriors/test-support';
import { noActivity, startCoaching } from '../support/harness';

// Two engines' harnesses (PGlite's WebAssembly start is slow on a loaded machine) and 30-request bursts.
jest.setTimeout(60_000);

/** The attack: one broker's burst of the same request, all in flight while the model answers. */
const BURST = 30;
/**
 * Long enough that the whole burst is in flight before the model answers, even on a loaded machine
 * where 30 requests over PGlite take a second to arrive; inside MODEL_TIMEOUT_MS.
 */
const SLOW_ANSWER_MS = 2_500;
const MODEL_TIMEOUT_MS = 10_000;

const burst = (send: (i: number) => Promise<{ status: number; body: unknown }>) => Promise.all(Array.from({ length: BURST }, (_, i) => send(i)));

describe.each(bothDatabases('coaching'))('concurrent requests of one broker for the same answer (%s)', (_engine, open) => {
  // Above the burst: these tests are about the model calls, the limit has its own below.
  const coaching = forTheseTests(() => onDatabase(open, (database) => startCoaching({ database, requestsPerMinute: 1000, modelTimeoutMs: MODEL_TIMEOUT_MS })));

  it.each([
    ['plan', 'GET', '/api/daily-accountability', SAMPLE_PLAN, { ...SAMPLE_PLAN, dataQuality: 'NO_DATA' }],
    ['goal', 'POST', '/api/ai/goal/today', SAMPLE_GOAL, SAMPLE_GOAL],
  ] as const)('share one model call: %s', async (_kind, method, path, json, answer) => {
    const s = coaching.current;
    const broker = s.broker();
    s.model.answerWith({ delayMs: SLOW_ANSWER_MS, json });
    const before = s.model.requests.length;
    const replies = await burst(() => s.call(method, path, { token: broker.token }));
    expect(replies.map((r) => r.status)).toEqual(Array(BURST).fill(200));
    expect(replies.map((r) => r.body)).toEqual(Array(BURST).fill(answer));
    expect(s.model.requests.length - before).toBe(1);
  });

  it('share one failed call: every request of the burst answers 502, and the next asks again', async () => {
    const s = coaching.current;
    const broker = s.broker();
    // A wrong shape, slow, so the whole burst is in flight when it fails.
    s.model.answerWith({ delayMs: SLOW_ANSWER_MS, json: { title: 'not a goal' } });
    const before = s.model.requests.length;
    const replies = await burst(() => s.call('POST', '/api/ai/goal/today', { token: broker.token }));
    expect(replies).toEqual(Array(BURST).fill({ status: 502, body: { detail: COACHING_MESSAGES.modelFailed } }));
    expect(s.model.requests.length - before).toBe(1);
    s.model.answerWith({ json: SAMPLE_GOAL });
    expect(AiGoal.parse((await s.call('POST', '/api/ai/goal/today', { token: broker.token })).body)).toEqual(SAMPLE_GOAL);
    expect(s.model.requests.length - before).toBe(2);
  });
});

describe('concurrent requests of one broker on two coaching instances', () => {
  const both = forTheseTests(async () => {
    const model = await startFakeOpenAI();
    return onDatabase(
      () => createTestDatabase('coaching'),
      async (database) => {
        const first = await startCoaching({ database, model, requestsPerMinute: 1000, modelTimeoutMs: MODEL_TIMEOUT_MS });
        const second = await startCoaching({ database, model, requestsPerMinute: 1000, modelTimeoutMs: MODEL_TIMEOUT_MS });
        return {
          first,
          second,
          model,
          async close() {
            await Promise.all([first.close(), second.close()]);
            await model.close();
          },
        };
      },
    );
  });

  it.each([
    ['plan', 'GET', '/api/daily-accountability', SAMPLE_PLAN],
    ['goal', 'POST', '/api/ai/goal/today', SAMPLE_GOAL],
  ] as const)('share one model call, by the claim in their database: %s', async (_kind, method, path, json) => {
    const { first, second, model } = both.current;
    const broker = first.broker();
    second.broker(noActivity(), broker.id);
    model.answerWith({ delayMs: SLOW_ANSWER_MS, json });
    const before = model.requests.length;
    const replies = await burst((i) => (i % 2 === 0 ? first : second).call(method, path, { token: broker.token }));
    expect(replies.map((r) => r.status)).toEqual(Array(BURST).fill(200));
    expect(new Set(replies.map((r) => JSON.stringify(r.body))).size).toBe(1);
    expect(model.requests.length - before).toBe(1);
  });
});

describe('a claim left by an instance that died while the model answered', () => {
  const coaching = forTheseTests(() => startCoaching());

  it('is taken over once it expires: the next request asks the model itself', async () => {
    const s = coaching.current;
    const broker = s.broker();
    const expiresAt = new Date(s.clock.now().getTime() + 1000);
    await sql`insert into coaching.answer_claims (user_id, local_date, kind, claimant, expires_at) values (${broker.id}, '2026-03-02', 'goal', ${randomUUID()}, ${expiresAt})`.execute(
      s.database.db,
    );
    s.clock.advance(1000);
    s.model.answerWith({ json: SAMPLE_GOAL });
    const before = s.model.requests.length;
    expect(await s.call('POST', '/api/ai/goal/today', { token: broker.token })).toEqual({ status: 200, body: SAMPLE_GOAL });
    expect(s.model.requests.length - before).toBe(1);
    expect((await sql`select 1 from coaching.answer_claims where user_id = ${broker.id}`.execute(s.database.db)).rows).toEqual([]);
  });
});

describe('the per-user limit on coaching requests', () => {
  const coaching = forTheseTests(() => startCoaching());

  it('answers 429 past 20 requests a minute, saying what was limited and when to retry, without asking anyone', async () => {
    const s = coaching.current;
    const broker = s.broker();
    const other = s.broker();
    for (let i = 0; i < 20; i++)
      expect((await s.call(i % 2 ? 'GET' : 'POST', i % 2 ? '/api/daily-accountability' : '/api/ai/goal/today', { token: broker.token })).status).toBe(200);
    const modelCalls = s.model.requests.length;
    const figureQuestions = s.asked.length;

    const refused = await s.call('GET', '/api/daily-accountability', { token: broker.token });
    expect(refused).toEqual({
      status: 429,
      body: { detail: 'Too many coaching requests in a short time (at most 20 a minute). Please try again in 3 seconds.' },
    });
    expect(s.model.requests.length).toBe(modelCalls);
    expect(s.asked.length).toBe(figureQuestions);
    // Another broker is not limited by this one.
    expect((await s.call('GET', '/api/daily-accountability', { token: other.token })).status).toBe(200);

    // One request comes back every 3 seconds.
    s.clock.advance(3000);
    expect((await s.call('GET', '/api/daily-accountability', { token: broker.token })).status).toBe(200);
    expect((await s.call('GET', '/api/daily-accountability', { token: broker.token })).status).toBe(429);
  });
});
