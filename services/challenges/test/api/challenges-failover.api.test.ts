import { parseSentinels, type LeaderboardRepair } from '@warriors/kit';
import { eventuallyPasses, startOwnRedisSentinel, type OwnRedisSentinel } from '@warriors/test-support';
import { startChallenges, type TestChallenges, type TestUser } from '../support/harness';

jest.setTimeout(120_000);

const NOW = '2026-03-02T15:00:00.000Z';
const WEEK = 7 * 24 * 60 * 60 * 1000;

/*
 * The challenge boards through a Sentinel-monitored Redis of this file's own: a failover to a
 * replica that missed the last points leaves a board short, and the service must notice and rebuild
 * it from PostgreSQL by itself.
 */
let own: OwnRedisSentinel;
let c: TestChallenges;
const repairs: LeaderboardRepair[] = [];

beforeAll(async () => {
  own = await startOwnRedisSentinel();
  c = await startChallenges(NOW, 'redis', { redis: { sentinels: parseSentinels(own.sentinels), masterName: own.masterName }, onLeaderboardRebuilt: (r) => repairs.push(r) });
});

afterAll(async () => {
  await c?.close();
  await own?.stop();
});

async function boardOf(user: TestUser, challengeId: number): Promise<Array<[string, number]>> {
  const answer = await c.call('GET', `/api/challenges/${challengeId}/leaderboard`, { token: user.token });
  expect(answer.status).toBe(200);
  return (answer.body as Array<{ user_id: string; points: number }>).map((e) => [e.user_id, e.points]);
}

it('rebuilds a board the promoted replica holds short, without anyone running a command', async () => {
  const [owner, member] = [await c.register(), await c.register()];
  const created = await c.call('POST', '/api/challenges', {
    token: owner.token,
    body: { name: 'Failover Sprint', start_at: new Date(Date.parse(NOW) - 60_000).toISOString(), end_at: new Date(Date.parse(NOW) + WEEK).toISOString(), is_private: false },
  });
  expect(created.status).toBe(201);
  const challengeId = created.body.id as number;
  expect((await c.call('POST', `/api/challenges/${challengeId}/join`, { token: member.token })).status).toBe(200);
  await c.log(owner, 'meeting'); // 10
  await c.log(member, 'cold_call', { quantity: 3 }); // 3
  expect(await boardOf(owner, challengeId)).toEqual([
    [owner.id, 10],
    [member.id, 3],
  ]);

  // From here the replica copies nothing: these points reach the old primary only.
  const former = await own.currentPrimaryPort();
  await own.cutReplication();
  await c.log(member, 'meeting', { quantity: 2 }); // 20
  const exact: Array<[string, number]> = [
    [member.id, 23],
    [owner.id, 10],
  ];
  expect(await boardOf(owner, challengeId)).toEqual(exact);
  const repairsBefore = repairs.length;

  const started = Date.now();
  await own.failover();
  await own.waitForFailover(former);
  // The repair first: until it, this process may still answer from its cached page of the board.
  await eventuallyPasses(async () => {
    expect(repairs.length).toBeGreaterThan(repairsBefore);
    expect(await boardOf(owner, challengeId)).toEqual(exact);
  }, 60_000);
  console.log(`[figures] challenges, failover that lost points: board exact again ${Date.now() - started} ms after SENTINEL FAILOVER`);
  const view = (await c.call('GET', `/api/challenges/${challengeId}`, { token: member.token })).body;
  expect(view.my_points).toBe(23);
});

it('scores the points logged while the primary is killed, and the board ends equal to the members’ points', async () => {
  await own.restartKilled();
  const [owner, member] = [await c.register(), await c.register()];
  const created = await c.call('POST', '/api/challenges', {
    token: owner.token,
    body: { name: 'Crash Sprint', start_at: new Date(Date.parse(NOW) - 60_000).toISOString(), end_at: new Date(Date.parse(NOW) + WEEK).toISOString(), is_private: false },
  });
  const challengeId = created.body.id as number;
  expect((await c.call('POST', `/api/challenges/${challengeId}/join`, { token: member.token })).status).toBe(200);
  await c.log(owner, 'meeting'); // 10
  const repairsBefore = repairs.length;

  const started = Date.now();
  const former = await own.killPrimary();
  // Logged while no primary answers: the consumer keeps each until the boards take it.
  await Promise.all([c.log(member, 'meeting', { quantity: 2 }), c.log(owner, 'cold_call', { quantity: 4 })]); // 20, 4
  await own.waitForFailover(former);
  await eventuallyPasses(async () => {
    expect(repairs.length).toBeGreaterThan(repairsBefore);
    expect(await boardOf(owner, challengeId)).toEqual([
      [member.id, 20],
      [owner.id, 14],
    ]);
  }, 60_000);
  console.log(`[figures] challenges, primary killed: board exact again ${Date.now() - started} ms after the kill`);
});
