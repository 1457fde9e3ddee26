import webpush from 'web-push';
import { BUS_QUESTIONS, MailDigestSocialReply, nudgeMessage, type NudgeType } from '@warriors/contracts';
import type { Bus } from '@warriors/kit';
import { forTheseTests } from '@warriors/test-support';
import { startSocial, type TestSocial, type TestUser } from '../support/harness';
import { newDevice, startPushService, type PushService } from '../support/push-service';

jest.setTimeout(60_000);

/** social.user.mail-digest on real PostgreSQL and NATS: what the mail service's daily digest lists. */
const vapid = webpush.generateVAPIDKeys();
const keys = { publicKey: vapid.publicKey, privateKey: vapid.privateKey, subject: 'mailto:ops@prospect-warriors.test' };

let pushService: PushService;
beforeAll(async () => {
  pushService = await startPushService();
});
afterAll(async () => {
  await pushService.close();
});

const social = forTheseTests(() => startSocial({ push: { keys, allowLoopbackHttp: true }, nudgesPerMinute: 100 }));

const ask = async (bus: Bus, userId: string, since: string) =>
  MailDigestSocialReply.parse(await bus.request(BUS_QUESTIONS.mailDigestSocial.subject, { user_id: userId, since }, 2000));

async function nudgeAt(s: TestSocial, at: string, from: TestUser, to: TestUser, type: NudgeType): Promise<{ id: string }> {
  s.clock.set(at);
  const sent = await s.call('POST', '/api/nudges', { token: from.token, body: { type, to_user_id: to.id } });
  expect(sent.status).toBe(201);
  return sent.body as { id: string };
}

async function subscribeDevice(s: TestSocial, user: TestUser): Promise<void> {
  const res = await s.call('PUT', '/api/push/subscriptions', { token: user.token, body: newDevice(pushService).subscription });
  expect(res.status).toBe(204);
}

describe('the daily digest asked on the bus', () => {
  it('lists the nudges received after `since` and not read yet, newest first, with the bell’s message', async () => {
    const s = social.current;
    const [me, ana, bo, cy, other] = [await s.register(), await s.register(), await s.register(), await s.register(), await s.register()];
    const since = '2026-03-02T09:00:00.000Z';
    await nudgeAt(s, '2026-03-02T08:00:00.000Z', ana, me, 'cheer');
    // Exactly at `since`: the previous digest's.
    await nudgeAt(s, since, bo, me, 'challenge');
    await nudgeAt(s, '2026-03-02T10:00:00.000Z', bo, me, 'encourage');
    const seen = await nudgeAt(s, '2026-03-02T11:00:00.000Z', cy, me, 'cheer');
    await nudgeAt(s, '2026-03-02T12:00:00.000Z', ana, me, 'props');
    await nudgeAt(s, '2026-03-02T12:30:00.000Z', ana, other, 'props');
    expect((await s.call('PUT', `/api/nudges/${seen.id}/read`, { token: me.token })).status).toBe(200);

    expect(await ask(s.bus, me.id, since)).toEqual({
      has_push_device: false,
      nudges: [
        { from_name: ana.name, type: 'props', message: nudgeMessage('props', ana.name), created_at: '2026-03-02T12:00:00.000Z' },
        { from_name: bo.name, type: 'encourage', message: nudgeMessage('encourage', bo.name), created_at: '2026-03-02T10:00:00.000Z' },
      ],
    });
    // The digest reads nothing: the bell still shows them unread.
    const bell = (await s.call('GET', '/api/nudges/inbox', { token: me.token })).body as Array<{ is_read: boolean }>;
    expect(bell.map((nudge) => nudge.is_read)).toEqual([false, true, false, false, false]);
    expect(await ask(s.bus, me.id, '2026-03-02T12:00:00.000Z')).toEqual({ has_push_device: false, nudges: [] });
    expect((await ask(s.bus, other.id, since)).nudges).toHaveLength(1);
  });

  it('lists at most 50, the newest', async () => {
    const s = social.current;
    const [me, fan] = [await s.register(), await s.register()];
    s.clock.set('2026-03-03T08:00:00.000Z');
    for (let i = 0; i < 53; i++) {
      s.clock.advance(1000);
      expect((await s.call('POST', '/api/nudges', { token: fan.token, body: { type: 'cheer', to_user_id: me.id } })).status).toBe(201);
    }
    const { nudges } = await ask(s.bus, me.id, '2026-03-03T00:00:00.000Z');
    expect(nudges).toHaveLength(50);
    expect(nudges[0]!.created_at).toBe(s.clock.now().toISOString());
    expect(nudges.at(-1)!.created_at).toBe('2026-03-03T08:00:04.000Z');
  });

  it('says whether the broker has a push device: not while push is off, whatever subscribed before', async () => {
    const s = social.current;
    const [pushed, unpushed] = [await s.register(), await s.register()];
    await subscribeDevice(s, pushed);
    await subscribeDevice(s, pushed);
    expect(await ask(s.bus, pushed.id, '2026-03-01T00:00:00.000Z')).toEqual({ has_push_device: true, nudges: [] });
    expect(await ask(s.bus, unpushed.id, '2026-03-01T00:00:00.000Z')).toEqual({ has_push_device: false, nudges: [] });

    // The same database under an instance without VAPID keys: nothing it pushes would reach the device.
    const off = await startSocial({}, s.database);
    try {
      expect(await ask(off.bus, pushed.id, '2026-03-01T00:00:00.000Z')).toEqual({ has_push_device: false, nudges: [] });
    } finally {
      await off.close();
    }
  });

  it('answers nothing for an unknown user or a `since` that is no instant, and refuses a payload that is not the contract’s', async () => {
    const s = social.current;
    const [me, fan] = [await s.register(), await s.register()];
    await nudgeAt(s, '2026-03-04T08:00:00.000Z', fan, me, 'props');
    expect(await ask(s.bus, 'not-a-user', '2026-03-01T00:00:00.000Z')).toEqual({ has_push_device: false, nudges: [] });
    expect(await ask(s.bus, me.id, 'yesterday')).toEqual({ has_push_device: false, nudges: [] });
    await expect(s.bus.request(BUS_QUESTIONS.mailDigestSocial.subject, { user_id: me.id }, 2000)).rejects.toThrow();
  });
});
