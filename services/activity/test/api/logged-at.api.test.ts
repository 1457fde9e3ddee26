import { randomUUID } from 'node:crypto';
import type { DomainEvent } from '@warriors/contracts';
import { createPgliteDatabase, type Database } from '@warriors/kit';
import { eventually } from '@warriors/test-support';
import { NOW, startActivity, type TestActivity } from '../support/harness';

// An entry made offline carries its tap time (logged_at) and counts for the day and hour it was made,
// while that day is still the broker's today: the same rules on PostgreSQL and over PGlite (embedded).
// PGlite's WebAssembly start and migrations take tens of seconds on a loaded machine.
jest.setTimeout(90_000);

const BACKENDS: Array<[string, () => Promise<Database | undefined>]> = [
  ['PostgreSQL', async () => undefined],
  ['PGlite', () => createPgliteDatabase(undefined)],
];

describe.each(BACKENDS)('logged_at on %s', (_name, openDatabase) => {
  let database: Database | undefined;
  let activity: TestActivity;
  const logged: DomainEvent[] = [];

  beforeAll(async () => {
    database = await openDatabase();
    activity = await startActivity({ effectsWaitMs: 10 }, database);
    await activity.bus.consume({ durable: `test_logged_at_${randomUUID().slice(0, 8)}`, subjects: ['activity.logged'] }, async (event) => {
      logged.push(event);
    });
  });

  afterAll(async () => {
    await activity?.close();
    await database?.close();
  });

  afterEach(() => activity.clock.set(NOW));

  const post = (path: string, token: string, body: unknown, key?: string) => activity.call('POST', path, { token, body, ...(key ? { headers: { 'idempotency-key': key } } : {}) });
  const bulk = (extra: object) => ({ activity_type: 'direct_mail', quantity: 5, note: null, honesty_confirmed: true, ...extra });
  const loggedFor = (activityId: string) => logged.find((e) => e.type === 'activity.logged' && e.data.activity_id === activityId);

  // NOW is 2025-03-12T12:00Z: 08:00 in New York (EDT, -04:00).
  it('stamps a single log and a bulk entry with the tap time of the same local day, in the event too', async () => {
    const { user, token } = await activity.registerUser({ timezone: 'America/New_York' });
    const single = await post('/api/activity', token, { activity_type: 'cold_call', logged_at: '2025-03-12T00:30:00-04:00' });
    expect(single.status).toBe(201);
    expect(single.body.activity).toMatchObject({ created_at: '2025-03-12T04:30:00.000Z', local_date: '2025-03-12', points: 1 });
    const mail = await post('/api/activity/bulk', token, bulk({ logged_at: '2025-03-12T07:45:00-04:00' }));
    expect(mail.status).toBe(201);
    expect(mail.body.activity).toMatchObject({ created_at: '2025-03-12T11:45:00.000Z', local_date: '2025-03-12', quantity: 5, points: 10 });

    // Every consumer reads the entry's day and instant from the event: they are the tap's.
    const event = await eventually('activity.logged', () => loggedFor(single.body.activity.id));
    expect(event.data).toMatchObject({ user_id: user.user_id, occurred_at: '2025-03-12T04:30:00.000Z', local_date: '2025-03-12' });
    expect(event.occurredAt).toBe('2025-03-12T04:30:00.000Z');
    expect((await eventually('bulk activity.logged', () => loggedFor(mail.body.activity.id))).data).toMatchObject({ occurred_at: '2025-03-12T11:45:00.000Z', quantity: 5 });

    const stats = await activity.call('GET', `/api/users/${user.user_id}/stats`, { token });
    expect(stats.body).toMatchObject({ local_date: '2025-03-12', today_points: 11 });
  });

  it('refuses an entry of a day that has ended with a 409 the broker reads, and logs nothing', async () => {
    const { user, token } = await activity.registerUser({ timezone: 'America/New_York' });
    const reply = await post('/api/activity', token, { activity_type: 'doorknock', logged_at: '2025-03-11T23:59:00-04:00' }, randomUUID());
    expect(reply).toEqual({ status: 409, body: { detail: 'This entry was made on Tuesday, March 11, 2025, a day that has ended; it was not logged.' } });
    const mail = await post('/api/activity/bulk', token, bulk({ logged_at: '2025-03-12T03:59:00Z' }));
    expect(mail.status).toBe(409);
    expect(await activity.activityCount(user.user_id)).toBe(0);
  });

  it('counts the day in the broker’s zone, not the offset the device wrote', async () => {
    // 21:00 in Tokyo: 10:00 UTC that morning is the same Tokyo day, whatever offset the device wrote.
    const { token } = await activity.registerUser({ timezone: 'Asia/Tokyo' });
    const reply = await post('/api/activity', token, { activity_type: 'email', logged_at: '2025-03-12T05:00:00-05:00' });
    expect(reply.body.activity).toMatchObject({ created_at: '2025-03-12T10:00:00.000Z', local_date: '2025-03-12' });
    const before = await post('/api/activity', token, { activity_type: 'email', logged_at: '2025-03-11T14:59:00Z' });
    expect(before.body.detail).toBe('This entry was made on Tuesday, March 11, 2025, a day that has ended; it was not logged.');
  });

  it('stamps a tap a little ahead of the server with the server’s time and refuses one further ahead', async () => {
    const { token } = await activity.registerUser({ timezone: 'UTC' });
    const drift = await post('/api/activity', token, { activity_type: 'email', logged_at: '2025-03-12T12:04:59Z' });
    expect(drift.body.activity.created_at).toBe(NOW);
    const ahead = await post('/api/activity', token, { activity_type: 'email', logged_at: '2025-03-12T12:05:01Z' });
    expect(ahead).toEqual({
      status: 422,
      body: { detail: [{ loc: ['body', 'logged_at'], msg: 'logged_at is more than 5 minutes ahead of the server’s clock; check the date and time on your device' }] },
    });
  });

  it.each([['2025-03-12T10:00:00'], ['yesterday'], [1741773600000], ['2025-03-12']])('answers 422 for logged_at %p', async (value) => {
    const { token } = await activity.registerUser();
    const reply = await post('/api/activity', token, { activity_type: 'email', logged_at: value });
    expect(reply.status).toBe(422);
    expect(reply.body.detail[0].loc).toEqual(['body', 'logged_at']);
  });

  it('answers a retry with the first result once the day has ended, and logs once', async () => {
    const { user, token } = await activity.registerUser({ timezone: 'America/New_York' });
    const key = randomUUID();
    const body = { activity_type: 'meeting', logged_at: '2025-03-12T07:00:00-04:00' };
    const first = await post('/api/activity', token, body, key);
    expect(first.status).toBe(201);
    expect(await post('/api/activity', token, body, key)).toEqual(first);
    // The answer was lost; the device retries the next day.
    activity.clock.set('2025-03-13T13:00:00Z');
    expect(await post('/api/activity', token, body, key)).toEqual(first);
    expect(await activity.activityCount(user.user_id)).toBe(1);
    // Another key is another entry: refused, as its day has ended.
    expect((await post('/api/activity', token, body, randomUUID())).status).toBe(409);
    expect(await activity.activityCount(user.user_id)).toBe(1);
  });
});
