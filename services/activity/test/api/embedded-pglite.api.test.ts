import { createPgliteDatabase, type Database } from '@warriors/kit';
import { startActivity, type TestActivity } from '../support/harness';

// The embedded mode runs the same service over PGlite: migrations, the idempotency constraint,
// the outbox, date columns, the summary's filtered sums and the stats' grouping must work there too.
let database: Database;
let activity: TestActivity;

// PGlite's WebAssembly start and migrations take tens of seconds on a loaded machine.
jest.setTimeout(90_000);

beforeAll(async () => {
  database = await createPgliteDatabase(undefined);
  activity = await startActivity({ effectsWaitMs: 10 }, database);
});

afterAll(async () => {
  await activity?.close();
  await database?.close();
});

it('logs, replays an idempotent retry and answers the summary and the stats over PGlite', async () => {
  const { user, token } = await activity.registerUser({ timezone: 'America/New_York' });
  const headers = { 'idempotency-key': 'embedded-1' };
  const bulk = await activity.call('POST', '/api/activity/bulk', {
    token,
    headers,
    body: { activity_type: 'cold_call', quantity: 25, note: 'Calling the office park list', honesty_confirmed: true },
  });
  expect(bulk.status).toBe(201);
  expect(bulk.body.activity).toMatchObject({ quantity: 25, points: 25, local_date: '2025-03-12' });
  const retry = await activity.call('POST', '/api/activity/bulk', {
    token,
    headers,
    body: { activity_type: 'cold_call', quantity: 25, note: 'Calling the office park list', honesty_confirmed: true },
  });
  expect(retry).toEqual(bulk);

  activity.clock.set('2025-03-12T03:30:00Z');
  expect((await activity.call('POST', '/api/activity', { token, body: { activity_type: 'meeting' } })).body.activity.local_date).toBe('2025-03-11');
  activity.clock.set('2025-03-12T12:00:00Z');

  const summary = await activity.call('GET', `/api/users/${user.user_id}/summary?window=today`, { token });
  expect(summary.status).toBe(200);
  expect(summary.body).toMatchObject({ today_points: 25, weekly_points: 35, total_points: 35 });
  expect(summary.body.activity_counts.cold_call).toEqual({ count: 25, prev_count: 0 });
  expect(summary.body.activity_counts.meeting).toEqual({ count: 0, prev_count: 1 });
  expect(summary.body.daily_points).toMatchObject({ '2025-03-11': 10, '2025-03-12': 25 });

  // The stats group by a date expression, by position.
  const stats = await activity.call('GET', `/api/users/${user.user_id}/stats`, { token });
  expect(stats.status).toBe(200);
  expect(stats.body).toMatchObject({ local_date: '2025-03-12', today_points: 25, weekly_points: 35, total_points: 35 });
  expect(stats.body.activity_counts.today).toEqual({ cold_call: { count: 25, prev_count: 0 }, meeting: { count: 0, prev_count: 1 } });
  expect(stats.body.daily_points.slice(-2)).toEqual([
    { date: '2025-03-11', points: 10 },
    { date: '2025-03-12', points: 25 },
  ]);

  const feed = await activity.call('GET', '/api/recent-activities');
  expect(feed.body.map((r: { activity_type: string }) => r.activity_type)).toEqual(['cold_call', 'meeting']);
});

it('gives kudos once and counts them in the feed and the bell over PGlite', async () => {
  const owner = await activity.registerUser();
  const giver = await activity.registerUser();
  const entry = (await activity.call('POST', '/api/activity', { token: owner.token, body: { activity_type: 'email' } })).body.activity.id as string;
  for (let i = 0; i < 2; i++) {
    expect(await activity.call('POST', `/api/recent-activities/${entry}/kudos`, { token: giver.token })).toEqual({ status: 200, body: { id: entry, kudos: 1, kudos_given: true } });
  }
  const feed = await activity.call('GET', '/api/recent-activities', { token: giver.token });
  expect(feed.body.find((r: { id: string }) => r.id === entry)).toMatchObject({ kudos: 1, kudos_given: true });
  const inbox = await activity.call('GET', '/api/kudos', { token: owner.token });
  expect(inbox.body).toEqual([expect.objectContaining({ entry_id: entry, from_user_id: giver.user.user_id, is_read: false })]);
});
