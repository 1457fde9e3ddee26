import { BUS_QUESTIONS, RanksRequest, RecentActivity, type ActivityType, type UserProjection } from '@warriors/contracts';
import type { Subscription } from '@warriors/kit';
import { NOW, startActivity, type TestActivity } from '../support/harness';

let activity: TestActivity;
let gamification: Subscription | undefined;
let alice: { user: UserProjection; token: string };
let hidden: { user: UserProjection; token: string };
let carol: { user: UserProjection; token: string };
/** What the log answered, oldest first: [user id, type, created_at]. */
const log: Array<[string, ActivityType, string]> = [];

const TYPES: ActivityType[] = ['cold_call', 'email', 'meeting', 'doorknock', 'live_conversation'];

beforeAll(async () => {
  activity = await startActivity({ effectsWaitMs: 10 });
  alice = await activity.registerUser({ name: 'Alice Vance', city: 'Austin', state: 'TX', company: 'Vance CRE' });
  hidden = await activity.registerUser({ show_in_battle_pulse: false });
  carol = await activity.registerUser({ name: 'Carol Diaz', company: null, city: null, state: null });
  // 30 logs a minute apart, rotating through the three users, plus two in the same instant at the end.
  const start = Date.parse(NOW) - 40 * 60_000;
  const users = [alice, hidden, carol];
  for (let i = 0; i < 32; i++) {
    activity.clock.set(new Date(start + Math.min(i, 30) * 60_000));
    const who = users[i % 3]!;
    const type = TYPES[i % TYPES.length]!;
    const reply = await activity.call('POST', '/api/activity', { token: who.token, body: { activity_type: type } });
    log.push([who.user.user_id, type, reply.body.activity.created_at]);
  }
  activity.clock.set(NOW);
});

afterEach(async () => {
  await gamification?.stop();
  gamification = undefined;
});

afterAll(async () => {
  await activity.close();
});

const feed = (query = '') => activity.call('GET', `/api/recent-activities${query}`);

it('answers the 20 newest activities of users shown in the feed, newest first, without a token', async () => {
  const reply = await feed();
  expect(reply.status).toBe(200);
  const rows = reply.body.map((row: unknown) => RecentActivity.strict().parse(row));
  const expected = log
    .filter(([userId]) => userId !== hidden.user.user_id)
    .reverse()
    .slice(0, 20);
  expect(rows.map((r: RecentActivity) => [r.user_id, r.activity_type, r.created_at])).toEqual(expected);
  expect(rows.some((r: RecentActivity) => r.user_id === hidden.user.user_id)).toBe(false);
});

it('fills the row from the user projection and the catalog', async () => {
  const rows: RecentActivity[] = (await feed()).body;
  const meeting = rows.find((r) => r.user_id === alice.user.user_id && r.activity_type === 'meeting');
  expect(meeting).toEqual({
    id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    user_id: alice.user.user_id,
    name: 'Alice Vance',
    username: alice.user.username,
    activity_type: 'meeting',
    quantity: 1,
    points: 10,
    created_at: expect.any(String),
    company: 'Vance CRE',
    city: 'Austin',
    state: 'TX',
    rank: null,
    kudos: 0,
    kudos_given: false,
  });
  expect(rows.find((r) => r.user_id === carol.user.user_id)).toMatchObject({ company: null, city: null, state: null });
});

it('puts ranks from gamification on the rows, asking for today in the viewer’s timezone', async () => {
  const asked: unknown[] = [];
  gamification = await activity.bus.reply(BUS_QUESTIONS.ranks.subject, async (payload) => {
    asked.push(payload);
    return { [alice.user.user_id]: 1, [carol.user.user_id]: 4 };
  });
  const rows: RecentActivity[] = (await feed('?tz=America/Denver')).body;
  expect(rows.filter((r) => r.user_id === alice.user.user_id).every((r) => r.rank === 1)).toBe(true);
  expect(rows.filter((r) => r.user_id === carol.user.user_id).every((r) => r.rank === 4)).toBe(true);
  expect(asked).toHaveLength(1);
  const request = RanksRequest.parse(asked[0]);
  expect(request).toEqual({ user_ids: expect.any(Array), window: 'today', timezone: 'America/Denver' });
  expect([...request.user_ids].sort()).toEqual([alice.user.user_id, carol.user.user_id].sort());
});

it('asks for UTC without a tz', async () => {
  const asked: unknown[] = [];
  gamification = await activity.bus.reply(BUS_QUESTIONS.ranks.subject, async (payload) => {
    asked.push(payload);
    return {};
  });
  await feed();
  expect(RanksRequest.parse(asked[0]).timezone).toBe('UTC');
});

it('answers rank null when gamification is too slow, without failing the feed', async () => {
  gamification = await activity.bus.reply(BUS_QUESTIONS.ranks.subject, () => new Promise(() => undefined));
  const started = Date.now();
  const reply = await feed();
  expect(reply.status).toBe(200);
  expect(reply.body).toHaveLength(20);
  expect(reply.body.every((r: RecentActivity) => r.rank === null)).toBe(true);
  expect(Date.now() - started).toBeLessThan(2000);
});

it('answers rank null when gamification answers nonsense', async () => {
  gamification = await activity.bus.reply(BUS_QUESTIONS.ranks.subject, async () => 'not ranks');
  const reply = await feed();
  expect(reply.status).toBe(200);
  expect(reply.body.every((r: RecentActivity) => r.rank === null)).toBe(true);
});

it('answers 422 at query.tz for an unknown timezone', async () => {
  expect(await feed('?tz=Mars/Olympus_Mons')).toEqual({ status: 422, body: { detail: [{ loc: ['query', 'tz'], msg: 'Unknown timezone' }] } });
});

it('carries the quantity of a bulk entry, so the feed can say how many', async () => {
  activity.clock.set(new Date(Date.parse(NOW) + 60_000));
  const logged = await activity.call('POST', '/api/activity/bulk', {
    token: carol.token,
    body: { activity_type: 'cold_call', quantity: 12, note: null, honesty_confirmed: true },
  });
  activity.clock.set(NOW);
  expect(logged.status).toBe(201);
  const [newest] = (await feed()).body as RecentActivity[];
  expect(newest).toMatchObject({ user_id: carol.user.user_id, activity_type: 'cold_call', quantity: 12, points: 12 });
});
