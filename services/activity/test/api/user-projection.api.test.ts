import { randomUUID } from 'node:crypto';
import { BUS_QUESTIONS, UserProjectionRequest, type UserProjection } from '@warriors/contracts';
import type { Subscription } from '@warriors/kit';
import { eventually, testUser } from '@warriors/test-support';
import { startActivity, userEvent, type TestActivity } from '../support/harness';

let activity: TestActivity;
let auth: Subscription | undefined;

/** What activity keeps of a user: all of the projection but the streak mode, which only gamification reads. */
const kept = ({ streak_mode: _mode, ...user }: UserProjection) => user;

beforeAll(async () => {
  activity = await startActivity({ effectsWaitMs: 20 });
});

afterEach(async () => {
  await auth?.stop();
  auth = undefined;
});

afterAll(async () => {
  await activity.close();
});

/** The test plays auth's side of the projection request, knowing exactly these users. */
async function authKnows(...users: UserProjection[]): Promise<string[]> {
  const asked: string[] = [];
  auth = await activity.bus.reply(BUS_QUESTIONS.userProjection.subject, async (payload) => {
    const { user_id } = UserProjectionRequest.parse(payload);
    asked.push(user_id);
    return users.find((u) => u.user_id === user_id) ?? null;
  });
  return asked;
}

/** Publishes a marker user after `events` and waits for it: the single consumer applies in order, so the earlier ones are done. */
async function publishAndSettle(...events: Parameters<TestActivity['bus']['publish']>[0][]): Promise<void> {
  for (const event of events) await activity.bus.publish(event);
  await activity.registerUser();
}

describe('user events', () => {
  it('stores the projection from user.registered', async () => {
    const { user } = await activity.registerUser({ name: 'Ana Stone', company: 'Stone CRE', timezone: 'America/Chicago', show_in_battle_pulse: false });
    expect(await activity.storedUser(user.user_id)).toMatchObject(kept(user));
  });

  it('applies user.updated', async () => {
    const { user } = await activity.registerUser();
    await activity.bus.publish(userEvent('user.updated', { ...user, name: 'Renamed', profile_public: false }, { occurredAt: '2025-03-12T12:00:01.000Z' }));
    const stored = await eventually('the update', async () => {
      const row = await activity.storedUser(user.user_id);
      return row?.name === 'Renamed' ? row : undefined;
    });
    expect(stored.profile_public).toBe(false);
  });

  it('keeps a newer state when an older event arrives late', async () => {
    const { user } = await activity.registerUser();
    await publishAndSettle(
      userEvent('user.updated', { ...user, name: 'Newest' }, { occurredAt: '2025-03-12T12:05:00.000Z' }),
      userEvent('user.updated', { ...user, name: 'Stale' }, { occurredAt: '2025-03-12T12:01:00.000Z' }),
    );
    expect((await activity.storedUser(user.user_id))?.name).toBe('Newest');
  });

  it('applies a redelivered event once', async () => {
    const { user } = await activity.registerUser();
    // Same instant, so only the inbox (not the event time) can tell the redelivery apart.
    const renamed = userEvent('user.updated', { ...user, name: 'First Name' });
    const again = userEvent('user.updated', { ...user, name: 'Second Name' });
    await publishAndSettle(renamed, again);
    // A redelivery of the first event (the broker's de-duplication window has passed: a new msg id).
    await activity.bus.publish(renamed, { msgId: randomUUID() });
    await activity.registerUser();
    expect((await activity.storedUser(user.user_id))?.name).toBe('Second Name');
  });

  it('deletes the projection and the activities on user.deleted, and refuses the user afterwards', async () => {
    const { user, token } = await activity.registerUser();
    expect((await activity.call('POST', '/api/activity', { token, body: { activity_type: 'email' } })).status).toBe(201);
    expect(await activity.activityCount(user.user_id)).toBe(1);
    await activity.bus.publish(userEvent('user.deleted', user));
    await eventually('the deletion', async () => ((await activity.storedUser(user.user_id)) ? undefined : true));
    expect(await activity.activityCount(user.user_id)).toBe(0);
    // A late update must not bring the user back.
    await publishAndSettle(userEvent('user.updated', { ...user, name: 'Ghost' }, { occurredAt: '2025-03-12T13:00:00.000Z' }));
    expect(await activity.storedUser(user.user_id)).toBeUndefined();
    const asked = await authKnows(user);
    expect(await activity.call('POST', '/api/activity', { token, body: { activity_type: 'email' } })).toEqual({
      status: 401,
      body: { detail: 'Could not validate credentials' },
    });
    // A deleted user is refused locally: auth is not asked.
    expect(asked).toEqual([]);
  });

  it("refuses a deleted account's token on the summary, funnel and stats routes once the deletion is applied", async () => {
    const { user, token } = await activity.registerUser();
    const { user: colleague } = await activity.registerUser({ profile_public: true });
    const reports = [`/api/users/${colleague.user_id}/summary`, `/api/users/${colleague.user_id}/metrics/funnel`, `/api/users/${user.user_id}/stats`];
    for (const path of reports) expect((await activity.call('GET', path, { token })).status).toBe(200);
    await activity.bus.publish(userEvent('user.deleted', user));
    await eventually('the deletion', async () => ((await activity.storedUser(user.user_id)) ? undefined : true));
    for (const path of reports) expect(await activity.call('GET', path, { token })).toEqual({ status: 401, body: { detail: 'Could not validate credentials' } });
  });
});

describe('a user not in the projection yet', () => {
  it('is fetched from auth, stored, and can log', async () => {
    const user = testUser({ timezone: 'Asia/Tokyo' });
    const asked = await authKnows(user);
    const token = activity.tokens.sign({ id: user.user_id });
    const reply = await activity.call('POST', '/api/activity', { token, body: { activity_type: 'meeting' } });
    expect(reply.status).toBe(201);
    // 12:00 UTC is 21:00 in Tokyo.
    expect(reply.body.activity).toMatchObject({ user_id: user.user_id, local_date: '2025-03-12', points: 10 });
    expect(await activity.storedUser(user.user_id)).toMatchObject(kept(user));
    await activity.call('POST', '/api/activity', { token, body: { activity_type: 'meeting' } });
    expect(asked).toEqual([user.user_id]);
  });

  it('lets the later user.registered event replace the fetched row', async () => {
    const user = testUser();
    await authKnows(user);
    const token = activity.tokens.sign({ id: user.user_id });
    expect((await activity.call('POST', '/api/activity', { token, body: { activity_type: 'email' } })).status).toBe(201);
    await publishAndSettle(userEvent('user.registered', { ...user, city: 'Boise' }));
    expect((await activity.storedUser(user.user_id))?.city).toBe('Boise');
  });

  it('answers 401 when auth does not know the user', async () => {
    await authKnows();
    const token = activity.tokens.sign({ id: randomUUID() });
    expect(await activity.call('POST', '/api/activity', { token, body: { activity_type: 'email' } })).toEqual({
      status: 401,
      body: { detail: 'Could not validate credentials' },
    });
  });

  it('answers 503 when auth cannot be asked', async () => {
    const token = activity.tokens.sign({ id: randomUUID() });
    expect(await activity.call('POST', '/api/activity', { token, body: { activity_type: 'email' } })).toEqual({
      status: 503,
      body: { detail: 'User directory unavailable, please retry' },
    });
  });
});

describe('dead letters', () => {
  it('stores a message the projection consumer cannot take', async () => {
    const payload = JSON.stringify({ id: 'bad-1', type: 'user.registered', v: 1, occurredAt: 'now', data: { user_id: 42 } });
    // Straight to the broker: the bus's typed publish cannot send an invalid event.
    activity.bus.broker.publish('user.registered', 'bad-1', payload);
    const letter = await eventually('the dead letter', async () =>
      activity.database.db.withSchema('activity').selectFrom('dead_letters').selectAll().where('payload', '=', payload).executeTakeFirst(),
    );
    expect(letter).toMatchObject({ subject: 'user.registered', durable: 'activity_users', deliveries: 1, payload, received_at: new Date('2025-03-12T12:00:00.000Z') });
    expect(letter.error).toMatch(/^invalid event/);
  });
});
