import { randomUUID } from 'node:crypto';
import webpush from 'web-push';
import { DEFAULT_PUSH_PREFERENCES, kudosMessage, nudgeMessage, PUSH_MESSAGES, PushPayload } from '@warriors/contracts';
import { eventually, forTheseTests } from '@warriors/test-support';
import { startSocial, type TestSocial, type TestUser } from '../support/harness';
import { decryptPush, newDevice, startPushService, verifyVapid, type Device, type PushService } from '../support/push-service';

// Generated per run: no key is kept in the repository.
const vapid = webpush.generateVAPIDKeys();
const keys = { publicKey: vapid.publicKey, privateKey: vapid.privateKey, subject: 'mailto:ops@prospect-warriors.test' };
const POLL_MS = 40;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let pushService: PushService;
beforeAll(async () => {
  pushService = await startPushService();
});
afterAll(async () => {
  await pushService.close();
});

const social = forTheseTests(() => startSocial({ push: { keys, allowLoopbackHttp: true, pollMs: POLL_MS } }));

async function subscribe(s: TestSocial, user: TestUser): Promise<Device> {
  const device = newDevice(pushService);
  const res = await s.call('PUT', '/api/push/subscriptions', { token: user.token, body: device.subscription });
  expect(res.status).toBe(204);
  return device;
}

/** The notifications the device received, decrypted and checked against the server's VAPID key. */
function notificationsOf(device: Device): PushPayload[] {
  return pushService.to(device.path).map((push) => {
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(push.headers.ttl)).toBeGreaterThan(0);
    verifyVapid(push, keys.publicKey, pushService.origin);
    return PushPayload.parse(JSON.parse(decryptPush(device, push.body)));
  });
}

const receivedBy = (device: Device, count: number) => eventually(`${count} notification(s)`, () => (pushService.to(device.path).length >= count ? true : undefined));

const queued = (s: TestSocial, userId: string) => s.db.withSchema('social').selectFrom('push_queue').selectAll().where('user_id', '=', userId).execute();

/** Until every consumer has taken what was published and push's inbox holds the event. */
async function settled(s: TestSocial, eventId: string): Promise<void> {
  await eventually(
    'push applied the event',
    async () => {
      const applied = await s.db.withSchema('social').selectFrom('inbox').select('event_id').where('event_id', '=', `push:${eventId}`).executeTakeFirst();
      const busy = (await s.bus.consumerStates()).some((state) => state.pending > 0 || state.ackPending > 0);
      return applied && !busy ? true : undefined;
    },
    10_000,
  );
}

async function sendNudge(s: TestSocial, from: TestUser, to: TestUser) {
  const res = await s.call('POST', '/api/nudges', { token: from.token, body: { type: 'cheer', to_user_id: to.id } });
  expect(res.status).toBe(201);
  return res.body as { id: string };
}

describe('push notifications', () => {
  beforeEach(() => social.current.clock.set('2026-03-02T15:00:00.000Z'));

  it('says whether push is set up, and answers with the public key', async () => {
    const s = social.current;
    const user = await s.register();
    expect(await s.call('GET', '/api/push/config', { token: user.token })).toEqual({ status: 200, body: { enabled: true, public_key: keys.publicKey } });
    expect((await s.call('GET', '/api/push/config')).status).toBe(401);
  });

  it('pushes a nudge to every device of the recipient: encrypted for each, signed with the VAPID key', async () => {
    const s = social.current;
    const from = await s.register();
    const to = await s.register();
    const phone = await subscribe(s, to);
    const laptop = await subscribe(s, to);
    // The same device subscribing again is one device.
    expect((await s.call('PUT', '/api/push/subscriptions', { token: to.token, body: phone.subscription })).status).toBe(204);
    const nudge = await sendNudge(s, from, to);
    await receivedBy(phone, 1);
    await receivedBy(laptop, 1);
    const expected = { title: 'New nudge', body: nudgeMessage('cheer', from.name), url: '/dashboard', tag: `nudge:${nudge.id}` };
    expect(notificationsOf(phone)).toEqual([expected]);
    expect(notificationsOf(laptop)).toEqual([expected]);
    await eventually('the queue emptied', async () => ((await queued(s, to.id)).length === 0 ? true : undefined));
  });

  it('holds a notification made in quiet hours until they end in the broker zone (22:00 held, 07:00 sent)', async () => {
    const s = social.current;
    const from = await s.register();
    const to = await s.register({ timezone: 'America/New_York' });
    const device = await subscribe(s, to);
    s.clock.set('2026-03-03T03:00:00.000Z'); // 22:00 in New York (EST)
    await sendNudge(s, from, to);
    const [row] = await queued(s, to.id);
    expect(row!.due_at.toISOString()).toBe('2026-03-03T12:00:00.000Z'); // 07:00 EST
    await pause(POLL_MS * 8);
    expect(pushService.to(device.path)).toHaveLength(0);
    s.clock.set('2026-03-03T11:59:00.000Z');
    await pause(POLL_MS * 4);
    expect(pushService.to(device.path)).toHaveLength(0);
    s.clock.set('2026-03-03T12:00:00.000Z');
    await receivedBy(device, 1);
    expect(notificationsOf(device)[0]!.body).toBe(nudgeMessage('cheer', from.name));
  });

  it('asks auth for the broker again as they subscribe: a row projected before social kept the timezone reads UTC until then', async () => {
    const s = social.current;
    const from = await s.register();
    const to = await s.register({ timezone: 'America/New_York' });
    // As the migration left a row projected earlier: the column's default.
    await s.db.withSchema('social').updateTable('users').set({ timezone: 'UTC' }).where('user_id', '=', to.id).execute();
    await subscribe(s, to);
    s.clock.set('2026-03-03T03:00:00.000Z'); // 03:00 UTC, but 22:00 in New York: quiet there
    await sendNudge(s, from, to);
    const [row] = await queued(s, to.id);
    expect(row!.due_at.toISOString()).toBe('2026-03-03T12:00:00.000Z');
  });

  it('keeps the broker quiet hours of their choosing, and only the kinds they left on', async () => {
    const s = social.current;
    const from = await s.register();
    const to = await s.register({ timezone: 'Europe/Paris' });
    const device = await subscribe(s, to);
    expect((await s.call('GET', '/api/push/preferences', { token: to.token })).body).toEqual(DEFAULT_PUSH_PREFERENCES);
    const choice = { kinds: { nudges: true, invitations: true, kudos: false, passed: true }, quiet_start: '12:00', quiet_end: '13:30' };
    expect(await s.call('PUT', '/api/push/preferences', { token: to.token, body: choice })).toEqual({ status: 200, body: choice });
    expect((await s.call('GET', '/api/push/preferences', { token: to.token })).body).toEqual(choice);
    // 15:00 UTC is 16:00 in Paris: outside 12:00-13:30, so at once.
    await sendNudge(s, from, to);
    await receivedBy(device, 1);
    // Kudos turned off: the event is applied and nothing queued.
    const kudos = s.event('kudos.given', {
      kudos_id: randomUUID(),
      entry_id: randomUUID(),
      activity_type: 'cold_call',
      giver_id: from.id,
      recipient_id: to.id,
      given_at: s.clock.now().toISOString(),
    });
    await s.bus.publish(kudos);
    await settled(s, kudos.id);
    expect(await queued(s, to.id)).toEqual([]);
    // 11:15 UTC is 12:15 in Paris: held until 13:30 there.
    s.clock.set('2026-03-02T11:15:00.000Z');
    await sendNudge(s, from, to);
    expect((await queued(s, to.id))[0]!.due_at.toISOString()).toBe('2026-03-02T12:30:00.000Z');
  });

  it('removes a subscription the push service says is gone (410), and retries other failures with backoff', async () => {
    const s = social.current;
    const from = await s.register();
    const to = await s.register();
    const gone = await subscribe(s, to);
    const flaky = await subscribe(s, to);
    pushService.answer(gone.path, 410);
    pushService.answer(flaky.path, 500);
    await sendNudge(s, from, to);
    await receivedBy(gone, 1);
    await receivedBy(flaky, 1);
    const endpoints = async () =>
      (await s.db.withSchema('social').selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', to.id).execute()).map((r) => r.endpoint);
    await eventually('the gone subscription removed', async () => ((await endpoints()).length === 1 ? true : undefined));
    expect(await endpoints()).toEqual([flaky.subscription.endpoint]);
    const retry = await eventually('the failure recorded', async () => (await queued(s, to.id)).find((row) => row.attempts === 1));
    expect(retry.due_at.toISOString()).toBe('2026-03-02T15:01:00.000Z');
    expect(retry.last_error).toContain('500');
    await pause(POLL_MS * 4);
    expect(pushService.to(flaky.path)).toHaveLength(1);
    pushService.answer(flaky.path, 201);
    s.clock.set('2026-03-02T15:01:00.000Z');
    await receivedBy(flaky, 2);
    await eventually('the queue emptied', async () => ((await queued(s, to.id)).length === 0 ? true : undefined));
    expect(pushService.to(gone.path)).toHaveLength(1);
  });

  it('pushes a challenge invitation once however often the event is delivered', async () => {
    const s = social.current;
    const host = await s.register();
    const guest = await s.register();
    const device = await subscribe(s, guest);
    const invite = s.event('challenge.invited', { invite_id: randomUUID(), challenge_id: 7, challenge_name: 'March Madness', from_user_id: host.id, to_user_id: guest.id });
    await s.bus.publish(invite);
    await settled(s, invite.id);
    await receivedBy(device, 1);
    // The same event again under a fresh message id (a replay): the broker does not de-duplicate it, push's inbox does.
    await s.bus.publish(invite, { msgId: randomUUID() });
    await settled(s, invite.id);
    await pause(POLL_MS * 5);
    expect(notificationsOf(device)).toEqual([
      { title: 'Challenge invitation', body: `${host.name} invited you to the challenge March Madness.`, url: '/challenges', tag: `invite:${invite.data.invite_id}` },
    ]);
  });

  it('pushes kudos received', async () => {
    const s = social.current;
    const giver = await s.register();
    const owner = await s.register();
    const device = await subscribe(s, owner);
    const kudos = s.event('kudos.given', {
      kudos_id: randomUUID(),
      entry_id: randomUUID(),
      activity_type: 'cold_call',
      giver_id: giver.id,
      recipient_id: owner.id,
      given_at: s.clock.now().toISOString(),
    });
    await s.bus.publish(kudos);
    await receivedBy(device, 1);
    expect(notificationsOf(device)).toEqual([{ title: 'Kudos', body: kudosMessage(giver.name, 'Cold Call'), url: '/dashboard', tag: `kudos:${kudos.data.kudos_id}` }]);
  });

  it("tells a passed broker at most once a local day that someone passed them on today's board", async () => {
    const s = social.current;
    const climber = await s.register({ name: 'Rita Climber' });
    const passed = await s.register({ timezone: 'America/Denver' });
    const device = await subscribe(s, passed);
    const rankChanged = () =>
      s.event('rank.changed', {
        user_id: climber.id,
        window: 'today',
        local_date: '2026-03-02',
        new_rank: 1,
        positions_gained: 1,
        passed_users: [{ id: passed.id, username: passed.username }],
      });
    const first = rankChanged();
    await s.bus.publish(first);
    await settled(s, first.id);
    await receivedBy(device, 1);
    const second = rankChanged();
    await s.bus.publish(second);
    await settled(s, second.id);
    // 06:59 UTC on the 3rd is still the 2nd in Denver (23:59 MST).
    s.clock.set('2026-03-03T06:59:00.000Z');
    const third = rankChanged();
    await s.bus.publish(third);
    await settled(s, third.id);
    await pause(POLL_MS * 5);
    expect(pushService.to(device.path)).toHaveLength(1);
    // Past Denver's midnight: a new day, told again (quiet hours hold it until 07:00 there).
    s.clock.set('2026-03-03T07:01:00.000Z');
    const nextDay = rankChanged();
    await s.bus.publish(nextDay);
    await settled(s, nextDay.id);
    expect((await queued(s, passed.id)).map((row) => row.due_at.toISOString())).toEqual(['2026-03-03T14:00:00.000Z']);
    s.clock.set('2026-03-03T14:00:00.000Z');
    await receivedBy(device, 2);
    expect(notificationsOf(device)).toEqual(Array(2).fill({ title: "You've been passed", body: "Rita C. passed you on today's leaderboard.", url: '/leaderboard', tag: 'passed' }));
  });

  it("deletes one's own subscription only: another user's endpoint answers as an unknown one", async () => {
    const s = social.current;
    const owner = await s.register();
    const other = await s.register();
    const device = await subscribe(s, owner);
    const body = { endpoint: device.subscription.endpoint };
    expect(await s.call('DELETE', '/api/push/subscriptions', { token: other.token, body })).toEqual({ status: 404, body: { detail: PUSH_MESSAGES.subscriptionNotFound } });
    expect((await s.call('DELETE', '/api/push/subscriptions', { body })).status).toBe(401);
    expect(await s.db.withSchema('social').selectFrom('push_subscriptions').select('user_id').where('endpoint', '=', body.endpoint).executeTakeFirst()).toEqual({
      user_id: owner.id,
    });
    expect((await s.call('DELETE', '/api/push/subscriptions', { token: owner.token, body })).status).toBe(204);
    expect(await s.db.withSchema('social').selectFrom('push_subscriptions').select('user_id').where('endpoint', '=', body.endpoint).executeTakeFirst()).toBeUndefined();
  });

  it("moves a device to the account that subscribes it last, dropping the previous account's waiting notifications", async () => {
    const s = social.current;
    const from = await s.register();
    const first = await s.register();
    const second = await s.register();
    const device = await subscribe(s, first);
    s.clock.set('2026-03-02T22:00:00.000Z'); // quiet hours in UTC: the nudge waits
    await sendNudge(s, from, first);
    expect(await queued(s, first.id)).toHaveLength(1);
    expect((await s.call('PUT', '/api/push/subscriptions', { token: second.token, body: device.subscription })).status).toBe(204);
    expect(await queued(s, first.id)).toEqual([]);
    expect(await s.db.withSchema('social').selectFrom('push_subscriptions').select('user_id').where('endpoint', '=', device.subscription.endpoint).execute()).toEqual([
      { user_id: second.id },
    ]);
  });

  it('forgets the devices, choices and waiting notifications of a deleted account', async () => {
    const s = social.current;
    const from = await s.register();
    const to = await s.register({ timezone: 'America/New_York' });
    await subscribe(s, to);
    await s.call('PUT', '/api/push/preferences', { token: to.token, body: DEFAULT_PUSH_PREFERENCES });
    s.clock.set('2026-03-03T03:00:00.000Z'); // quiet hours: the nudge waits in the queue
    await sendNudge(s, from, to);
    expect(await queued(s, to.id)).toHaveLength(1);
    await s.deleteUser(to);
    for (const table of ['push_subscriptions', 'push_preferences', 'push_queue'] as const) {
      expect(await s.db.withSchema('social').selectFrom(table).select('user_id').where('user_id', '=', to.id).execute()).toEqual([]);
    }
  });

  it('answers 422 for a malformed subscription or choice', async () => {
    const s = social.current;
    const user = await s.register();
    const device = newDevice(pushService);
    const put = (body: unknown) => s.call('PUT', '/api/push/subscriptions', { token: user.token, body });
    const locs = async (res: Promise<{ status: number; body: { detail: Array<{ loc: string[] }> } }>) => {
      const answer = await res;
      expect(answer.status).toBe(422);
      return answer.body.detail.map((d) => d.loc.join('.'));
    };
    expect(await locs(put({ ...device.subscription, endpoint: 'http://push.example.com/device' }))).toEqual(['body.endpoint']);
    expect(await locs(put({ ...device.subscription, endpoint: 'not a url' }))).toEqual(['body.endpoint']);
    expect(await locs(put({ endpoint: device.subscription.endpoint }))).toEqual(['body.keys']);
    expect(await locs(put({ ...device.subscription, keys: { p256dh: 'not base64!', auth: device.subscription.keys.auth } }))).toEqual(['body.keys.p256dh']);
    expect(await locs(s.call('DELETE', '/api/push/subscriptions', { token: user.token, body: {} }))).toEqual(['body.endpoint']);
    const prefs = (body: unknown) => s.call('PUT', '/api/push/preferences', { token: user.token, body });
    expect(await locs(prefs({ ...DEFAULT_PUSH_PREFERENCES, quiet_start: '25:00' }))).toEqual(['body.quiet_start']);
    expect(await locs(prefs({ ...DEFAULT_PUSH_PREFERENCES, kinds: { nudges: true } }))).toEqual(['body.kinds.invitations', 'body.kinds.kudos', 'body.kinds.passed']);
    expect(await s.db.withSchema('social').selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', user.id).execute()).toEqual([]);
  });
});

describe('push without VAPID keys', () => {
  const off = forTheseTests(() => startSocial());

  it('is off and says so: the config, and a subscription refused with the reason', async () => {
    const s = off.current;
    const user = await s.register();
    expect(await s.call('GET', '/api/push/config', { token: user.token })).toEqual({ status: 200, body: { enabled: false, public_key: null } });
    const device = newDevice(pushService);
    // https only here: the loopback allowance is the tests' alone.
    const res = await s.call('PUT', '/api/push/subscriptions', { token: user.token, body: device.subscription });
    expect(res.status).toBe(422);
    const https = { ...device.subscription, endpoint: 'https://push.example.com/device' };
    expect(await s.call('PUT', '/api/push/subscriptions', { token: user.token, body: https })).toEqual({ status: 409, body: { detail: PUSH_MESSAGES.notConfigured } });
  });
});
