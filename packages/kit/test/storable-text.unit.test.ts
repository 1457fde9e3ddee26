import { Router } from 'express';
import { createApp, createLogger, createMetrics, listen, LONE_SURROGATE_MESSAGE, NUL_MESSAGE, unstorableText, type RunningServer } from '../src';

describe('text no database can store', () => {
  let server: RunningServer;
  let reached = 0;

  beforeAll(async () => {
    const router = Router();
    router.all('/echo', (req, res) => {
      reached += 1;
      res.json({ name: (req.body as { name?: string } | undefined)?.name ?? null, query: req.query });
    });
    server = await listen(createApp({ logger: createLogger('kit-test', 'silent'), metrics: createMetrics().forService('kit-test'), routes: [router] }), 0);
  });
  afterAll(() => server.close());

  const post = (body: string, query = '') => fetch(`${server.url}/echo${query}`, { method: 'POST', body, headers: { 'content-type': 'application/json' } });

  it('refuses a NUL anywhere in the body with 422 naming where it sits, before the route runs', async () => {
    const before = reached;
    const res = await post(JSON.stringify({ email: 'a\u0000@b.c', goals: [{ type: 'x' }, { type: '\u0000' }] }));
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      detail: expect.arrayContaining([
        { loc: ['body', 'email'], msg: NUL_MESSAGE },
        { loc: ['body', 'goals', 1, 'type'], msg: NUL_MESSAGE },
      ]),
    });
    expect(reached).toBe(before);
  });

  it('refuses a lone surrogate (as JSON escapes it) in a value or a key', async () => {
    const res = await post('{"note": "tail \\ud800", "\\udc00": 1}');
    expect(res.status).toBe(422);
    expect((await res.json()).detail).toEqual(
      expect.arrayContaining([
        { loc: ['body', 'note'], msg: LONE_SURROGATE_MESSAGE },
        { loc: ['body', '\udc00'], msg: `Field name: ${LONE_SURROGATE_MESSAGE}` },
      ]),
    );
  });

  it('refuses a NUL in the query string', async () => {
    const res = await fetch(`${server.url}/echo?q=a%00b`);
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ detail: [{ loc: ['query', 'q'], msg: NUL_MESSAGE }] });
  });

  it('walks deep nesting, and lets paired surrogates (emoji) and every other control character through', async () => {
    const deep = `${'['.repeat(40_000)}"\\u0000"${']'.repeat(40_000)}`;
    const nested = await post(deep);
    expect(nested.status).toBe(422);
    expect((await nested.json()).detail[0].loc).toHaveLength(40_001);
    expect((await post(deep.replace('"\\u0000"', ''))).status).toBe(200);
    const res = await post(JSON.stringify({ name: 'Dana 💥 \u0001\t\u200b' }), '?tz=UTC');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ name: 'Dana 💥 \u0001\t\u200b', query: { tz: 'UTC' } });
  });

  it('says why a text cannot be stored', () => {
    expect(unstorableText('fine ✓ 𝄞')).toBeNull();
    expect(unstorableText('\u0000')).toBe(NUL_MESSAGE);
    expect(unstorableText('\udfff\ud800')).toBe(LONE_SURROGATE_MESSAGE);
  });
});
