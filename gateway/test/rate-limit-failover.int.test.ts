import express from 'express';
import { closeRedis, createLogger, createRedis, listen, parseSentinels, type Redis, type RunningServer } from '@warriors/kit';
import { eventuallyPasses, startOwnRedisSentinel, waitFor, type OwnRedisSentinel } from '@warriors/test-support';
import { createGateway } from '../src/gateway';
import { UpstreamPool } from '../src/upstream-pool';

jest.setTimeout(90_000);

/*
 * The sign-up and login limits through a Sentinel-monitored Redis of this file's own: counted there
 * before a failover, never an error while no primary answers, and counted on the promoted replica after.
 */
let own: OwnRedisSentinel;
let redis: Redis;
let upstream: RunningServer;
let front: RunningServer;

beforeAll(async () => {
  own = await startOwnRedisSentinel();
  redis = createRedis({ sentinels: parseSentinels(own.sentinels), masterName: own.masterName });
  redis.on('error', () => undefined);
  const auth = express().post('/api/{*rest}', (_req, res) => void res.json({ ok: true }));
  upstream = await listen(auth, 0);
  const gateway = createGateway({
    logger: createLogger('gateway-test', 'silent'),
    pools: { auth: new UpstreamPool('auth', [upstream.url]) },
    trustProxyHops: 1,
    authAttemptsPerMinute: 3,
    redis,
  });
  front = await listen(gateway.app, 0);
});

afterAll(async () => {
  await front?.close();
  await upstream?.close();
  if (redis) await closeRedis(redis);
  await own?.stop();
});

const login = (client: string) => fetch(`${front.url}/api/login`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json', 'x-forwarded-for': client } });

async function statusesOf(client: string, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push((await login(client)).status);
  return statuses;
}

it('limits through the sentinels, lets people in while no primary answers, and limits on the promoted replica, keeping the counts it had', async () => {
  expect(await statusesOf('198.51.100.1', 4)).toEqual([200, 200, 200, 429]);
  const primary = own.client(await own.currentPrimaryPort());
  await waitFor(async () => (await primary.wait(1, 1000)) >= 1, 10_000, 'the replica to hold the counts');

  const former = await own.killPrimary();
  // No primary: the limiter passes rather than fail a sign-up or a login.
  expect(await statusesOf('198.51.100.2', 2)).toEqual([200, 200]);
  const started = Date.now();
  await own.waitForFailover(former);

  // The client that reached the limit before the failover is still limited on the promoted replica.
  await eventuallyPasses(async () => expect((await login('198.51.100.1')).status).toBe(429), 30_000);
  console.log(`[figures] rate limits counted on the promoted replica ${Date.now() - started} ms after it was named`);
  expect(await statusesOf('198.51.100.3', 4)).toEqual([200, 200, 200, 429]);
});
