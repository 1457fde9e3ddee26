import webpush from 'web-push';
import { nudgeMessage, PushPayload } from '@warriors/contracts';
import { createPgliteDatabase, type Database } from '@warriors/kit';
import { eventually } from '@warriors/test-support';
import { startSocial, type TestSocial } from '../support/harness';
import { decryptPush, newDevice, startPushService, verifyVapid, type PushService } from '../support/push-service';

// The embedded mode runs social over PGlite: the push tables, the queue's claim (a locking CTE) and the
// sender's poll beside the requests on PGlite's one connection must work there too.
const vapid = webpush.generateVAPIDKeys();
const keys = { publicKey: vapid.publicKey, privateKey: vapid.privateKey, subject: 'mailto:ops@prospect-warriors.test' };

let database: Database;
let social: TestSocial;
let pushService: PushService;

// PGlite's WebAssembly start and migrations take tens of seconds on a loaded machine.
jest.setTimeout(90_000);

beforeAll(async () => {
  pushService = await startPushService();
  database = await createPgliteDatabase(undefined);
  social = await startSocial({ push: { keys, allowLoopbackHttp: true, pollMs: 40 } }, database);
});

afterAll(async () => {
  await social?.close();
  await database?.close();
  await pushService?.close();
});

it('queues a nudge held by quiet hours and sends it when they end, over PGlite', async () => {
  const from = await social.register();
  const to = await social.register({ timezone: 'America/Chicago' });
  const device = newDevice(pushService);
  expect((await social.call('PUT', '/api/push/subscriptions', { token: to.token, body: device.subscription })).status).toBe(204);
  social.clock.set('2026-03-03T04:00:00.000Z'); // 22:00 in Chicago (CST)
  expect((await social.call('POST', '/api/nudges', { token: from.token, body: { type: 'props', to_user_id: to.id } })).status).toBe(201);
  const [row] = await social.db.withSchema('social').selectFrom('push_queue').selectAll().where('user_id', '=', to.id).execute();
  expect(row!.due_at.toISOString()).toBe('2026-03-03T13:00:00.000Z');
  social.clock.set('2026-03-03T13:00:00.000Z');
  await eventually('the notification', () => (pushService.to(device.path).length === 1 ? true : undefined), 10_000);
  const [push] = pushService.to(device.path);
  verifyVapid(push!, keys.publicKey, pushService.origin);
  expect(PushPayload.parse(JSON.parse(decryptPush(device, push!.body))).body).toBe(nudgeMessage('props', from.name));
  await eventually('the queue emptied', async () => ((await social.db.withSchema('social').selectFrom('push_queue').select('user_id').execute()).length === 0 ? true : undefined));
});
