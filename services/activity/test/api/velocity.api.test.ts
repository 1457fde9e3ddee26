import { startActivity, type TestActivity } from '../support/harness';

let activity: TestActivity;

beforeAll(async () => {
  activity = await startActivity({ effectsWaitMs: 10 });
});

afterAll(async () => {
  await activity.close();
});

/** A log request with the answer's Retry-After header, which the harness's call leaves out. */
async function log(token: string, path: '/api/activity' | '/api/activity/bulk', body: unknown) {
  const response = await fetch(`${activity.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.json() };
}

const DEALS = { activity_type: 'deal_closed', quantity: 100, note: 'Closed the whole portfolio', honesty_confirmed: true };

describe('velocity limits on logging', () => {
  it('answers 429 with what to wait for once 40 parallel bulk entries pass the 20 allowed in ten minutes', async () => {
    const { user, token } = await activity.registerUser();
    const replies = await Promise.all(Array.from({ length: 40 }, () => log(token, '/api/activity/bulk', DEALS)));
    expect(replies.filter((r) => r.status === 201)).toHaveLength(20);
    const refused = replies.filter((r) => r.status === 429);
    expect(refused).toHaveLength(20);
    for (const reply of refused) {
      expect(reply.body).toEqual({ detail: 'Too many bulk entries in a short time (at most 20 every 10 minutes). Please try again in 30 seconds.' });
      expect(reply.retryAfter).toBe('30');
    }
    expect(await activity.activityCount(user.user_id)).toBe(20);

    // Thirty seconds on, one more bulk entry goes.
    activity.clock.advance(30_000);
    expect((await log(token, '/api/activity/bulk', DEALS)).status).toBe(201);
    expect((await log(token, '/api/activity/bulk', DEALS)).status).toBe(429);
  });

  it('answers 429 to the 61st log in a minute, counts invalid requests for nothing, and limits each user alone', async () => {
    const ana = await activity.registerUser();
    const bo = await activity.registerUser();
    expect((await log(ana.token, '/api/activity', { activity_type: 'not_a_type' })).status).toBe(422);
    const replies = await Promise.all(Array.from({ length: 61 }, () => log(ana.token, '/api/activity', { activity_type: 'cold_call' })));
    expect(replies.filter((r) => r.status === 201)).toHaveLength(60);
    expect(replies.filter((r) => r.status === 429).map((r) => [r.body, r.retryAfter])).toEqual([
      [{ detail: 'Too many activities logged in a short time (at most 60 a minute). Please try again in 1 second.' }, '1'],
    ]);
    expect((await log(bo.token, '/api/activity', { activity_type: 'cold_call' })).status).toBe(201);
    expect(await activity.activityCount(ana.user.user_id)).toBe(60);
  });
});
