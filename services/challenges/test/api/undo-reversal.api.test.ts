import { sql } from 'kysely';
import { activityDeleted, activityLogged, eventually } from '@warriors/test-support';
import { startChallenges, type TestChallenges, type TestUser } from '../support/harness';

jest.setTimeout(60_000);

const NOW = '2026-03-02T15:00:00.000Z';
/** The window of the challenges below: opened an hour before NOW, for a week. */
const WINDOW = { start_at: '2026-03-02T14:00:00.000Z', end_at: '2026-03-09T15:00:00.000Z' };

let c: TestChallenges;
beforeAll(async () => {
  c = await startChallenges(NOW, 'redis');
});
afterAll(() => c?.close());
beforeEach(() => c.clock.set(NOW));

/** An active challenge of `user`'s: started an hour ago, ends in a week. */
async function active(user: TestUser): Promise<number> {
  const answer = await c.call('POST', '/api/challenges', {
    token: user.token,
    body: { name: 'Spring Sprint', ...WINDOW, is_private: false },
  });
  expect(answer.status).toBe(201);
  return answer.body.id;
}

/** The points on the challenge's board (Redis) and in the member's view, and the member's units by type (PostgreSQL). */
async function standing(user: TestUser, id: number) {
  const board = await c.call('GET', `/api/challenges/${id}/leaderboard`, { token: user.token });
  const view = await c.call('GET', `/api/challenges/${id}`, { token: user.token });
  const entry = (board.body as Array<{ user_id: string; points: number }>).find((e) => e.user_id === user.id);
  const member = await c.db
    .withSchema('challenges')
    .selectFrom('challenge_members')
    .select('counts')
    .where('challenge_id', '=', id)
    .where('user_id', '=', user.id)
    .executeTakeFirstOrThrow();
  return { board: entry?.points ?? 0, points: view.body.my_points, counts: member.counts };
}

const dailyUnits = async (user: TestUser, type: string) =>
  (await sql<{ q: number }>`select quantity as q from challenges.daily_units where user_id = ${user.id} and activity_type = ${type}`.execute(c.db)).rows[0]?.q ?? 0;

const remove = (logged: Parameters<typeof activityDeleted>[0]) => c.undo(logged);

it('takes a deleted entry off every challenge it scored in, board and members, once however often the deletion is delivered', async () => {
  const [owner, host] = [await c.register(), await c.register()];
  const mine = await active(owner);
  const joined = await active(host);
  expect((await c.call('POST', `/api/challenges/${joined}/join`, { token: owner.token })).status).toBe(200);
  await c.log(owner, 'meeting'); // 10
  const wrong = await c.log(owner, 'meeting', { quantity: 2 }); // 20
  await c.log(owner, 'email', { quantity: 3 }); // 3
  for (const id of [mine, joined]) expect(await standing(owner, id)).toEqual({ board: 33, points: 33, counts: { meeting: 3, email: 3 } });

  const deletion = await remove(wrong);
  await c.redeliver(deletion);
  await c.redeliver(deletion);
  for (const id of [mine, joined]) expect(await standing(owner, id)).toEqual({ board: 13, points: 13, counts: { meeting: 1, email: 3 } });
  expect(await dailyUnits(owner, 'meeting')).toBe(1);

  // The board rebuilt from PostgreSQL after Redis lost it holds the reversal, and a redelivery then changes nothing.
  await c.board.clear();
  await eventually('the board rebuilt', async () => ((await standing(owner, mine)).board === 13 ? true : undefined), 10_000);
  await c.redeliver(deletion);
  expect(await standing(owner, mine)).toEqual({ board: 13, points: 13, counts: { meeting: 1, email: 3 } });
});

it("gives the day's units back, an entry above the ceiling's too, so the ceiling counts only what stays", async () => {
  const owner = await c.register();
  const id = await active(owner);
  const first = await c.log(owner, 'meeting', { quantity: 15 }); // 150
  await c.log(owner, 'meeting', { quantity: 15 }); // the ceiling is 20 a day: 5 count, 50
  const above = await c.log(owner, 'meeting', { quantity: 5 }); // above the ceiling: nothing
  expect(await standing(owner, id)).toMatchObject({ board: 200, points: 200 });
  expect(await dailyUnits(owner, 'meeting')).toBe(35);

  await remove(first);
  await remove(above);
  expect(await standing(owner, id)).toEqual({ board: 50, points: 50, counts: { meeting: 5 } });
  expect(await dailyUnits(owner, 'meeting')).toBe(15);
  await c.log(owner, 'meeting', { quantity: 5 }); // 15 + 5: under the ceiling again, all count
  expect(await standing(owner, id)).toEqual({ board: 100, points: 100, counts: { meeting: 10 } });
});

it('scores nothing for an entry whose deletion arrived before its log', async () => {
  const owner = await c.register();
  const id = await active(owner);
  const late = activityLogged(owner.id, 'meeting', c.clock.now().toISOString(), { quantity: 20 });
  await c.bus.publish(activityDeleted(late, c.clock.now().toISOString()));
  await eventually('the deletion applied', async () => {
    const rows = await sql`select 1 from challenges.deleted_entries where activity_id = ${late.data.activity_id}`.execute(c.db);
    return rows.rows.length > 0 ? true : undefined;
  });
  await c.bus.publish(late);
  await c.settled();
  expect(await standing(owner, id)).toEqual({ board: 0, points: 0, counts: {} });
  // Nor did it count towards the day's ceiling.
  expect(await dailyUnits(owner, 'meeting')).toBe(0);
  await c.log(owner, 'meeting', { quantity: 20 });
  expect(await standing(owner, id)).toMatchObject({ board: 200, points: 200 });
});
