import net from 'node:net';
import webpush from 'web-push';
import { eventually, forTheseTests } from '@warriors/test-support';
import { startSocial, type TestSocial, type TestUser } from '../support/harness';
import { newDevice, startPushService, type PushService } from '../support/push-service';

// Attacks on the addresses social POSTs to (issue 41): an endpoint is a URL a broker chooses, and the
// server sends to it, so none may reach a host inside (loopback, private, link-local), whether it is
// named by address, by a name that resolves inside, or by a redirect at send time.

const vapid = webpush.generateVAPIDKeys();
const keys = { publicKey: vapid.publicKey, privateKey: vapid.privateKey, subject: 'mailto:ops@prospect-warriors.test' };
const POLL_MS = 40;

let pushService: PushService;
beforeAll(async () => {
  pushService = await startPushService();
});
afterAll(async () => {
  await pushService.close();
});

/** A DNS the test controls for names under push.test (the machine has no other): what each resolves to now. */
const dns = new Map<string, string[]>();
const resolveHost = async (hostname: string): Promise<string[]> => {
  const addresses = dns.get(hostname);
  if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return addresses;
};

/** A TCP listener on loopback that counts the connections made to it: a sender that reached inside shows here. */
async function startTrap() {
  let connections = 0;
  const server = net.createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const subscription = (endpoint: string) => ({ ...newDevice(pushService).subscription, endpoint });

async function refusedAt(s: TestSocial, user: TestUser, body: unknown): Promise<string[]> {
  const res = await s.call('PUT', '/api/push/subscriptions', { token: user.token, body });
  expect({ status: res.status, body: res.body }).toEqual({ status: 422, body: { detail: [expect.objectContaining({ loc: expect.any(Array), msg: expect.any(String) })] } });
  return (res.body as { detail: Array<{ loc: string[] }> }).detail.map((d) => d.loc.join('.'));
}

const devicesOf = (s: TestSocial, userId: string) => s.db.withSchema('social').selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', userId).execute();

describe('PUT /api/push/subscriptions refuses an endpoint inside (production rules: https only, the resolver of the test)', () => {
  const social = forTheseTests(() => startSocial({ push: { keys, allowLoopbackHttp: false, pollMs: POLL_MS, resolveHost } }));

  it.each([
    'https://127.0.0.1/push/x',
    'https://127.1/push/x',
    'https://2130706433/push/x',
    'https://0x7f.0.0.1/push/x',
    'https://0.0.0.0/push/x',
    'https://10.1.2.3/push/x',
    'https://172.16.0.1/push/x',
    'https://172.31.255.254/push/x',
    'https://192.168.1.1/push/x',
    'https://169.254.169.254/latest/meta-data',
    'https://[::1]/push/x',
    'https://[::]/push/x',
    'https://[fe80::1]/push/x',
    'https://[fc00::1]/push/x',
    'https://[::ffff:127.0.0.1]/push/x',
    'https://[::ffff:10.0.0.1]/push/x',
    'https://localhost/push/x',
    'https://localhost./push/x',
    'https://push.localhost/push/x',
    'https://LOCALHOST.:8443/push/x',
    'http://127.0.0.1/push/x',
    'http://push.example.com/push/x',
  ])('%s: 422 at body.endpoint, nothing saved', async (endpoint) => {
    const s = social.current;
    const user = await s.register();
    expect(await refusedAt(s, user, subscription(endpoint))).toEqual(['body.endpoint']);
    expect(await devicesOf(s, user.id)).toEqual([]);
  });

  it.each([
    ['private.push.test', ['10.0.0.5']],
    ['loopback.push.test', ['127.0.0.1']],
    ['link-local.push.test', ['169.254.169.254']],
    ['six.push.test', ['::1']],
    ['link-local-six.push.test', ['fe80::1']],
    ['mapped.push.test', ['::ffff:192.168.0.1']],
    ['unspecified.push.test', ['0.0.0.0']],
    // One address inside is enough: a client may connect to any of them.
    ['mixed.push.test', ['93.184.216.34', '172.20.1.1']],
  ])('a name that resolves inside (%s to %j): 422 at body.endpoint', async (name, addresses) => {
    const s = social.current;
    const user = await s.register();
    dns.set(name, addresses);
    expect(await refusedAt(s, user, subscription(`https://${name}/push/x`))).toEqual(['body.endpoint']);
    expect(await devicesOf(s, user.id)).toEqual([]);
  });

  it('a name that resolves to nothing: 422 (no push service is unreachable by name)', async () => {
    const s = social.current;
    const user = await s.register();
    expect(await refusedAt(s, user, subscription('https://nowhere.push.test/push/x'))).toEqual(['body.endpoint']);
  });

  it('takes a name that resolves to public addresses only', async () => {
    const s = social.current;
    const user = await s.register();
    dns.set('fcm.push.test', ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946']);
    const endpoint = 'https://fcm.push.test/push/device-1';
    expect((await s.call('PUT', '/api/push/subscriptions', { token: user.token, body: subscription(endpoint) })).status).toBe(204);
    expect(await devicesOf(s, user.id)).toEqual([{ endpoint }]);
  });

  it('refuses keys no browser makes: too long, or of the wrong length for a P-256 key and a 16-byte secret', async () => {
    const s = social.current;
    const user = await s.register();
    dns.set('keys.push.test', ['93.184.216.34']);
    const device = subscription('https://keys.push.test/push/x');
    const put = (keysOf: object) => refusedAt(s, user, { ...device, keys: { ...device.keys, ...keysOf } });
    expect(await put({ p256dh: 'A'.repeat(100_000) })).toEqual(['body.keys.p256dh']);
    expect(await put({ auth: 'A'.repeat(100_000) })).toEqual(['body.keys.auth']);
    // base64url, but not a key web-push can encrypt for: it would fail at every send, for ever.
    expect(await put({ p256dh: 'AAAA' })).toEqual(['body.keys.p256dh']);
    expect(await put({ auth: 'AAAA' })).toEqual(['body.keys.auth']);
    expect(await refusedAt(s, user, { ...device, endpoint: `https://keys.push.test/${'a'.repeat(3000)}` })).toEqual(['body.endpoint']);
    expect(await devicesOf(s, user.id)).toEqual([]);
  });
});

describe('the sender checks the address again as it sends', () => {
  const social = forTheseTests(() => startSocial({ push: { keys, allowLoopbackHttp: false, pollMs: POLL_MS } }));

  /** A device saved before (under rules since tightened, or while its name resolved outside): inserted as such. */
  async function savedDevice(s: TestSocial, user: TestUser, endpoint: string): Promise<void> {
    const device = newDevice(pushService).subscription;
    const at = s.clock.now();
    await s.db
      .withSchema('social')
      .insertInto('push_subscriptions')
      .values({ endpoint, user_id: user.id, p256dh: device.keys.p256dh, auth: device.keys.auth, created_at: at, updated_at: at })
      .execute();
  }

  it.each([
    // `localhost` resolved by the machine's own resolver (/etc/hosts): the name it had at PUT no longer matters.
    (port: number) => `https://localhost:${port}/push/device`,
    (port: number) => `https://127.0.0.1:${port}/push/device`,
    (port: number) => `https://[::ffff:127.0.0.1]:${port}/push/device`,
  ])('never connects to an address inside (%#): the send fails and is retried, no byte leaves', async (endpointAt) => {
    const s = social.current;
    const trap = await startTrap();
    try {
      const from = await s.register();
      const to = await s.register();
      await savedDevice(s, to, endpointAt(trap.port));
      expect((await s.call('POST', '/api/nudges', { token: from.token, body: { type: 'cheer', to_user_id: to.id } })).status).toBe(201);
      const row = await eventually('the send failed', async () =>
        (await s.db.withSchema('social').selectFrom('push_queue').selectAll().where('user_id', '=', to.id).execute()).find((r) => r.attempts === 1),
      );
      expect(trap.connections()).toBe(0);
      expect(row.last_error).toMatch(/internal address/);
    } finally {
      await trap.close();
    }
  });
});

describe('the sender follows no redirect (loopback http allowed, as the other push tests)', () => {
  const social = forTheseTests(() => startSocial({ push: { keys, allowLoopbackHttp: true, pollMs: POLL_MS } }));

  it.each([301, 302, 303, 307, 308])('a %i from the push service is a failed send; its Location is never asked', async (status) => {
    const s = social.current;
    const from = await s.register();
    const to = await s.register();
    const device = newDevice(pushService);
    const elsewhere = `/internal/${status}`;
    pushService.redirect(device.path, status, `${pushService.origin}${elsewhere}`);
    expect((await s.call('PUT', '/api/push/subscriptions', { token: to.token, body: device.subscription })).status).toBe(204);
    expect((await s.call('POST', '/api/nudges', { token: from.token, body: { type: 'cheer', to_user_id: to.id } })).status).toBe(201);
    const row = await eventually('the send failed', async () =>
      (await s.db.withSchema('social').selectFrom('push_queue').selectAll().where('user_id', '=', to.id).execute()).find((r) => r.attempts === 1),
    );
    expect(pushService.to(device.path)).toHaveLength(1);
    expect(pushService.to(elsewhere)).toHaveLength(0);
    expect(row.last_error).toContain(`answered ${status}`);
  });
});
