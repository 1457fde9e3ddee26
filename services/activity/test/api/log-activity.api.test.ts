import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { LogResult, type DomainEvent } from '@warriors/contracts';
import { eventually } from '@warriors/test-support';
import { saveResults } from '../../src/store/activities.store';
import type { ActivityDatabase } from '../../src/store/schema';
import { NOW, startActivity, type TestActivity } from '../support/harness';

let activity: TestActivity;
const logged: DomainEvent[] = [];

beforeAll(async () => {
  // Nobody answers effects here: every log waits the short bounded time and answers without them.
  activity = await startActivity({ effectsWaitMs: 50 });
  // The test plays a downstream consumer of activity.logged on the same (real, in-process) bus.
  await activity.bus.consume({ durable: 'test_activity_logged', subjects: ['activity.logged'] }, async (event) => {
    logged.push(event);
  });
});

afterAll(async () => {
  await activity.close();
});

const post = (path: string, token: string, body: unknown, headers?: Record<string, string>) => activity.call('POST', path, { token, body, headers });
const loggedFor = (activityId: string) => logged.find((e) => e.type === 'activity.logged' && e.data.activity_id === activityId);

describe('POST /api/activity', () => {
  it('logs one unit with catalog points on the user’s local date and answers the log result', async () => {
    const { user, token } = await activity.registerUser({ timezone: 'Asia/Tokyo' });
    const reply = await post('/api/activity', token, { activity_type: 'meeting' });
    expect(reply.status).toBe(201);
    expect(LogResult.strict().parse(reply.body)).toEqual({
      activity: {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        user_id: user.user_id,
        activity_type: 'meeting',
        quantity: 1,
        points: 10,
        note: null,
        created_at: NOW,
        local_date: '2025-03-12',
      },
      points_awarded: 10,
      held: false,
      held_message: null,
      badges: [],
      milestones: [],
      rank_change: null,
      campaign_completed: null,
      // No gamification here to answer it.
      streak_days: null,
    });
    expect(await activity.activityCount(user.user_id)).toBe(1);
  });

  it('uses the user’s timezone for the local date', async () => {
    const { token } = await activity.registerUser({ timezone: 'America/New_York' });
    activity.clock.set('2025-03-12T03:30:00Z');
    try {
      const reply = await post('/api/activity', token, { activity_type: 'email' });
      expect(reply.body.activity.local_date).toBe('2025-03-11');
    } finally {
      activity.clock.set(NOW);
    }
  });

  it('ignores points sent in the request', async () => {
    const { token } = await activity.registerUser();
    const reply = await post('/api/activity', token, { activity_type: 'cold_call', points: 1000, quantity: 50 });
    expect(reply.status).toBe(201);
    expect(reply.body.activity).toMatchObject({ points: 1, quantity: 1 });
    expect(reply.body.points_awarded).toBe(1);
  });

  it('publishes activity.logged with its own event id and the activity in data', async () => {
    const { user, token } = await activity.registerUser({ timezone: 'Europe/Paris' });
    const reply = await post('/api/activity', token, { activity_type: 'doorknock' }, { 'x-request-id': 'req-log-1' });
    const event = await eventually('activity.logged', () => loggedFor(reply.body.activity.id));
    expect(event).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: 'activity.logged',
      v: 1,
      occurredAt: NOW,
      requestId: 'req-log-1',
      data: {
        activity_id: reply.body.activity.id,
        user_id: user.user_id,
        activity_type: 'doorknock',
        quantity: 1,
        points: 3,
        occurred_at: NOW,
        local_date: '2025-03-12',
        timezone: 'Europe/Paris',
        // No change of zone carries a day for this broker.
        day_carry_date: null,
        day_carry_until: null,
      },
    });
    expect(event.id).not.toBe(reply.body.activity.id);
  });

  it.each([
    ['missing', {}],
    ['unknown', { activity_type: 'lunch' }],
    ['not a string', { activity_type: 7 }],
  ])('answers 422 at body.activity_type when it is %s', async (_label, body) => {
    const { user, token } = await activity.registerUser();
    const reply = await post('/api/activity', token, body);
    expect(reply.status).toBe(422);
    expect(reply.body.detail).toEqual([{ loc: ['body', 'activity_type'], msg: expect.stringContaining('activity_type must be one of: cold_call') }]);
    expect(await activity.activityCount(user.user_id)).toBe(0);
  });

  it('answers 422 for malformed JSON', async () => {
    const { token } = await activity.registerUser();
    const reply = await activity.call('POST', '/api/activity', { token, raw: '{"activity_type": ' });
    expect(reply).toEqual({ status: 422, body: { detail: [{ loc: ['body'], msg: 'Body is not valid JSON' }] } });
  });

  it('answers 401 without a token and for a bad one', async () => {
    expect(await activity.call('POST', '/api/activity', { body: { activity_type: 'email' } })).toEqual({ status: 401, body: { detail: 'Not authenticated' } });
    expect((await post('/api/activity', 'garbage.token.here', { activity_type: 'email' })).status).toBe(401);
  });
});

describe('POST /api/activity/bulk', () => {
  const bulk = (token: string, body: object) => post('/api/activity/bulk', token, { activity_type: 'cold_call', honesty_confirmed: true, ...body });

  it('logs a quantity as one entry worth quantity x catalog points', async () => {
    const { user, token } = await activity.registerUser();
    const reply = await bulk(token, { activity_type: 'direct_mail', quantity: 40, note: 'Mailed the industrial park owners' });
    expect(reply.status).toBe(201);
    expect(reply.body.activity).toMatchObject({ activity_type: 'direct_mail', quantity: 40, points: 80, note: 'Mailed the industrial park owners' });
    expect(reply.body.points_awarded).toBe(80);
    expect(await activity.activityCount(user.user_id)).toBe(1);
    const event = await eventually('activity.logged', () => loggedFor(reply.body.activity.id));
    expect(event.data).toMatchObject({ quantity: 40, points: 80 });
  });

  it('accepts up to 20 without a note', async () => {
    const { token } = await activity.registerUser();
    const reply = await bulk(token, { quantity: 20 });
    expect(reply.status).toBe(201);
    expect(reply.body.activity).toMatchObject({ quantity: 20, points: 20, note: null });
  });

  it('ignores points sent in the request', async () => {
    const { token } = await activity.registerUser();
    const reply = await bulk(token, { activity_type: 'meeting', quantity: 2, points: 5000 });
    expect(reply.body.activity.points).toBe(20);
  });

  it.each([
    ['quantity 0', { quantity: 0 }, 'quantity', 'Quantity must be between 1 and 100'],
    ['quantity 101 with a note', { quantity: 101, note: 'Long enough note here' }, 'quantity', 'Quantity must be between 1 and 100'],
    ['a fractional quantity', { quantity: 1.5 }, 'quantity', 'Quantity must be between 1 and 100'],
    ['a missing quantity', { quantity: undefined }, 'quantity', 'Quantity must be between 1 and 100'],
    ['no honesty confirmation', { quantity: 5, honesty_confirmed: false }, 'honesty_confirmed', 'Please confirm the accuracy of your entry'],
    ['over 20 without a note', { quantity: 21 }, 'note', 'For entries over 20, please provide a brief description (at least 10 characters)'],
    ['over 20 with a 9-character note', { quantity: 50, note: '123456789' }, 'note', 'For entries over 20, please provide a brief description (at least 10 characters)'],
  ])('answers 422 for %s', async (_label, body, field, msg) => {
    const { user, token } = await activity.registerUser();
    const reply = await bulk(token, body);
    expect(reply).toEqual({ status: 422, body: { detail: [{ loc: ['body', field], msg }] } });
    expect(await activity.activityCount(user.user_id)).toBe(0);
  });

  it('answers 401 without a token', async () => {
    expect((await activity.call('POST', '/api/activity/bulk', { body: { activity_type: 'email', quantity: 2, honesty_confirmed: true } })).status).toBe(401);
  });
});

describe('Idempotency-Key', () => {
  it('returns the first answer to a retry and logs once', async () => {
    const { user, token } = await activity.registerUser();
    const key = { 'idempotency-key': randomUUID() };
    const first = await post('/api/activity', token, { activity_type: 'live_conversation' }, key);
    const retry = await post('/api/activity', token, { activity_type: 'live_conversation' }, key);
    expect(first.status).toBe(201);
    expect(retry).toEqual(first);
    expect(await activity.activityCount(user.user_id)).toBe(1);
  });

  it('logs once when 10 retries race', async () => {
    const { user, token } = await activity.registerUser();
    const key = { 'idempotency-key': `race-${randomUUID()}` };
    const replies = await Promise.all(Array.from({ length: 10 }, () => post('/api/activity/bulk', token, { activity_type: 'email', quantity: 3, honesty_confirmed: true }, key)));
    expect(replies.map((r) => r.status)).toEqual(Array(10).fill(201));
    expect(new Set(replies.map((r) => r.body.activity.id)).size).toBe(1);
    expect(await activity.activityCount(user.user_id)).toBe(1);
    await eventually('activity.logged', () => loggedFor(replies[0]!.body.activity.id));
    expect(logged.filter((e) => e.type === 'activity.logged' && e.data.user_id === user.user_id)).toHaveLength(1);
  });

  it('keeps keys apart between users and logs again with a new key', async () => {
    const a = await activity.registerUser();
    const b = await activity.registerUser();
    const key = { 'idempotency-key': 'shared-key' };
    const fromA = await post('/api/activity', a.token, { activity_type: 'email' }, key);
    const fromB = await post('/api/activity', b.token, { activity_type: 'email' }, key);
    expect(fromA.body.activity.id).not.toBe(fromB.body.activity.id);
    await post('/api/activity', a.token, { activity_type: 'email' }, { 'idempotency-key': 'another-key' });
    expect(await activity.activityCount(a.user.user_id)).toBe(2);
  });

  it('logs every request without a key', async () => {
    const { user, token } = await activity.registerUser();
    await post('/api/activity', token, { activity_type: 'email' });
    await post('/api/activity', token, { activity_type: 'email' });
    expect(await activity.activityCount(user.user_id)).toBe(2);
  });

  it.each([
    ['empty', ''],
    ['over 200 characters', 'k'.repeat(201)],
  ])('answers 422 for a key that is %s', async (_label, value) => {
    const { token } = await activity.registerUser();
    const reply = await post('/api/activity', token, { activity_type: 'email' }, { 'idempotency-key': value });
    expect(reply).toEqual({ status: 422, body: { detail: [{ loc: ['header', 'idempotency-key'], msg: 'Idempotency-Key must be 1 to 200 characters' }] } });
  });
});

describe('stored answers', () => {
  it("stores the answers of a batch even when one answer's activity was deleted with its account", async () => {
    const { token } = await activity.registerUser();
    // Without an Idempotency-Key the log stores no answer of its own.
    const result = LogResult.parse((await post('/api/activity', token, { activity_type: 'cold_call' })).body);

    await saveResults(activity.database.db as Kysely<ActivityDatabase>, [
      { activityId: result.activity.id, result },
      { activityId: randomUUID(), result },
    ]);

    const stored = await sql<{ activity_id: string }>`
      select activity_id from activity.activity_results where activity_id = ${result.activity.id}`.execute(activity.database.db);
    expect(stored.rows).toEqual([{ activity_id: result.activity.id }]);
  });
});

describe('readiness', () => {
  it('answers ready when the database answers', async () => {
    expect(await activity.call('GET', '/readyz')).toEqual({ status: 200, body: { status: 'ready', checks: { database: true } } });
  });
});
