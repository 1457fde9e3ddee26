import { createLogger, fixedClock } from '@warriors/kit';
import { startEmbedded, type EmbeddedProduct } from '@warriors/gateway';
import { apiClient } from '../support/api-client';

jest.setTimeout(60_000);

// 23:30 on 9 June in Chicago (UTC-5 in summer), 04:30 UTC on the 10th: an hour later is the broker's next day.
const clock = fixedClock('2026-06-10T04:30:00Z');

describe("the log's answer carries the streak /me reports after it (embedded mode, pinned clock)", () => {
  let product: EmbeddedProduct;
  beforeAll(async () => {
    product = await startEmbedded({ port: 0, host: '127.0.0.1', dataDir: undefined, authAttemptsPerMinute: 1000, clock, logger: createLogger('log-streak-test', 'silent') });
  });
  afterAll(() => product?.close());

  it('answers 1 on the first local day and 2 on the next, as /me does after each', async () => {
    const api = apiClient(product.url);
    const token: string = (await api.signup({ timezone: 'America/Chicago' })).body.access_token;
    const logThenMe = async () => {
      const log = await api.call('POST', '/api/activity', { token, body: { activity_type: 'email' } });
      expect(log.status).toBe(201);
      const me = await api.call('GET', '/api/me', { token });
      return { answered: log.body.streak_days, me: me.body.streak_days };
    };

    expect(await logThenMe()).toEqual({ answered: 1, me: 1 });
    clock.advance(60 * 60 * 1000);
    expect(await logThenMe()).toEqual({ answered: 2, me: 2 });
  });
});
