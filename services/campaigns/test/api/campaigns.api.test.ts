import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { BUS_QUESTIONS, ActiveGoalsReply, aiGoalItems, GOAL_MESSAGES } from '@warriors/contracts';
import { lockKey } from '@warriors/kit';
import { eventually, testUser } from '@warriors/test-support';
import { userLock } from '../../src/store/users.store';
import { startCampaigns, type TestCampaigns } from '../support/harness';

jest.setTimeout(60_000);

let c: TestCampaigns;
beforeAll(async () => {
  c = await startCampaigns();
});
afterAll(() => c?.close());
beforeEach(() => c.clock.set('2026-03-02T15:00:00.000Z'));

const create = (token: string, body: Record<string, unknown>, path = '/api/campaigns/create') => c.call('POST', path, { token, body });
const list = async (token: string) => (await c.call('GET', '/api/campaigns', { token })).body;

describe('authentication', () => {
  it.each([
    ['GET', '/api/campaigns'],
    ['POST', '/api/campaigns'],
    ['POST', '/api/campaigns/create'],
    ['PUT', '/api/campaigns/1'],
    ['POST', '/api/campaigns/1/join'],
    ['DELETE', '/api/campaigns/1'],
    ['DELETE', '/api/user_goals/1'],
  ])('%s %s needs a bearer token', async (method, path) => {
    const reply = await c.call(method, path, method === 'GET' ? {} : { body: {} });
    expect(reply).toEqual({ status: 401, body: { detail: 'Not authenticated' } });
  });
});

describe('listing and creating', () => {
  it('lists the eleven catalog campaigns as available to a new user, with every field', async () => {
    const user = await c.register();
    const body = await list(user.token);
    expect(body.active).toEqual([]);
    expect(body.completed).toEqual([]);
    expect(body.available.map((x: { id: number }) => x.id)).toEqual([1, 2, 3, 4, 5, 6, 10, 11, 12, 13, 14]);
    expect(body.available[0]).toEqual({
      id: 1,
      campaign_id: 1,
      user_campaign_id: null,
      goal_id: null,
      name: 'Sprint Week',
      campaign_name: 'Sprint Week',
      description: 'Make 100 cold calls in 5 days.',
      icon: 'rocket',
      kind: 'prebuilt',
      status: 'available',
      duration_days: 5,
      category: 'weekly',
      goal_type: 'cold_call',
      activity_type: 'cold_call',
      goal_count: 100,
      progress: 0,
      started_at: null,
      ends_at: null,
      days_remaining: null,
      completed_at: null,
      bonus_points: 50,
      creator_id: null,
      is_auto_generated: false,
      activity_breakdown: [{ type: 'cold_call', current: 0, target: 100 }],
    });
  });

  it('creates a custom campaign with an id from 101, joins its creator at once and generates a blank name', async () => {
    const user = await c.register();
    const reply = await create(user.token, {
      name: '  ',
      duration_days: 7,
      goals: [
        { type: 'meeting', count: 1 },
        { type: 'email', count: 20 },
      ],
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      kind: 'custom',
      status: 'active',
      name: 'This Week: 1 Meeting, 20 Emails',
      is_auto_generated: true,
      creator_id: user.id,
      goal_type: [
        { type: 'meeting', count: 1 },
        { type: 'email', count: 20 },
      ],
      activity_type: null,
      goal_count: 21,
      bonus_points: 3,
      // The start of the creator's local day (UTC here): the whole first day counts (issue 41).
      started_at: '2026-03-02T00:00:00.000Z',
    });
    expect(reply.body.id).toBeGreaterThanOrEqual(101);
    expect((await list(user.token)).active.map((x: { id: number }) => x.id)).toEqual([reply.body.id]);
  });

  it('answers 422 with loc and the spec messages', async () => {
    const user = await c.register();
    expect(await create(user.token, { name: 'x', goals: [] })).toEqual({
      status: 422,
      body: { detail: [{ loc: ['body', 'goals'], msg: GOAL_MESSAGES.selectActivityWithCount }] },
    });
    const bad = await create(user.token, { name: 'x', duration_days: 400, goals: [{ type: 'cold_call', count: 0 }] });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toEqual(
      expect.arrayContaining([
        { loc: ['body', 'duration_days'], msg: GOAL_MESSAGES.duration },
        { loc: ['body', 'goals', 0, 'count'], msg: GOAL_MESSAGES.count },
      ]),
    );
    const nonNumeric = await c.call('POST', '/api/campaigns/abc/join', { token: user.token });
    expect(nonNumeric).toEqual({ status: 422, body: { detail: [{ loc: ['path', 'id'], msg: 'Invalid campaign ID' }] } });
    expect(await c.call('POST', '/api/campaigns/7/join', { token: user.token })).toEqual({ status: 404, body: { detail: GOAL_MESSAGES.notFound } });
    // Beyond PostgreSQL's integer: refused before SQL (it was a 500).
    const invalid = { status: 422, body: { detail: [{ loc: ['path', 'id'], msg: 'Invalid campaign ID' }] } };
    expect(await c.call('POST', '/api/campaigns/2147483648/join', { token: user.token })).toEqual(invalid);
    expect(await c.call('PUT', '/api/campaigns/9007199254740993', { token: user.token, body: { name: 'x' } })).toEqual(invalid);
    expect(await c.call('DELETE', '/api/campaigns/1e308', { token: user.token })).toEqual(invalid);
    expect(await c.call('DELETE', '/api/user_goals/2147483648', { token: user.token })).toEqual(invalid);
    expect(await c.call('PUT', '/api/campaigns/999999', { token: user.token, body: { name: 'x' } })).toEqual({ status: 404, body: { detail: GOAL_MESSAGES.notFound } });
    const emptied = await c.call('PUT', '/api/campaigns/1', { token: user.token, body: { goals: [{ type: 'cold_call', count: 0 }] } });
    expect(emptied).toEqual({ status: 422, body: { detail: [{ loc: ['body', 'goals'], msg: GOAL_MESSAGES.atLeastOneGoal }] } });
  });

  it('bounds the custom goals one user pursues at once', async () => {
    const user = await c.register();
    for (let i = 0; i < 5; i++) expect((await create(user.token, { name: `g${i}`, goals: [{ type: 'cold_call', count: 1 }] })).status).toBe(201);
    const sixth = await create(user.token, { name: 'g5', goals: [{ type: 'cold_call', count: 1 }] });
    expect(sixth).toEqual({ status: 409, body: { detail: 'You can pursue at most 5 custom goals at once' } });
  });
});

describe('ownership', () => {
  it("lets no one else edit, delete or join another user's custom campaign, and changes nothing", async () => {
    const owner = await c.register();
    const other = await c.register();
    const created = await create(owner.token, { name: 'Mine', duration_days: 7, goals: [{ type: 'cold_call', count: 50 }] });
    const id = created.body.id;
    const before = await list(owner.token);

    // Not visible to them: the same 404 as a missing campaign.
    expect(await c.call('PUT', `/api/campaigns/${id}`, { token: other.token, body: { name: 'Hijacked' } })).toEqual({ status: 404, body: { detail: GOAL_MESSAGES.notFound } });
    expect(await c.call('DELETE', `/api/campaigns/${id}`, { token: other.token })).toEqual({ status: 404, body: { detail: GOAL_MESSAGES.notFound } });
    expect(await c.call('POST', `/api/campaigns/${id}/join`, { token: other.token })).toEqual({ status: 404, body: { detail: GOAL_MESSAGES.notFound } });
    expect(await c.call('DELETE', `/api/user_goals/${created.body.user_campaign_id}`, { token: other.token })).toEqual({ status: 404, body: { detail: 'Goal not found' } });
    // The catalog is no one's to edit.
    expect(await c.call('PUT', '/api/campaigns/1', { token: other.token, body: { name: 'Mine now' } })).toEqual({ status: 403, body: { detail: GOAL_MESSAGES.notCreator } });

    expect(await list(owner.token)).toEqual(before);
    expect((await list(other.token)).available.map((x: { id: number }) => x.id)).not.toContain(id);
  });

  it('lets the creator edit: 0 removes an activity, and the active goal follows', async () => {
    const owner = await c.register();
    const created = await create(owner.token, {
      name: '',
      duration_days: 1,
      goals: [
        { type: 'cold_call', count: 10 },
        { type: 'email', count: 5 },
      ],
    });
    const edited = await c.call('PUT', `/api/campaigns/${created.body.id}`, {
      token: owner.token,
      body: {
        goals: [
          { type: 'cold_call', count: 0 },
          { type: 'email', count: 8 },
        ],
      },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ status: 'active', name: 'Today: 8 Emails', goal_type: 'email', goal_count: 8, user_campaign_id: created.body.user_campaign_id });
  });

  it('deletes a custom campaign for its creator: gone from every list', async () => {
    const owner = await c.register();
    const created = await create(owner.token, { name: 'Short lived', goals: [{ type: 'cold_call', count: 5 }] });
    expect(await c.call('DELETE', `/api/campaigns/${created.body.id}`, { token: owner.token })).toEqual({ status: 200, body: { detail: GOAL_MESSAGES.deleted } });
    const after = await list(owner.token);
    expect(after.active).toEqual([]);
    expect(after.available.map((x: { id: number }) => x.id)).not.toContain(created.body.id);
    expect((await c.call('POST', `/api/campaigns/${created.body.id}/join`, { token: owner.token })).status).toBe(404);
  });
});

describe('joining and leaving', () => {
  it('refuses to join a goal twice, keeps progress on leave and resumes it inside the window', async () => {
    const user = await c.register();
    const joined = await c.call('POST', '/api/campaigns/1/join', { token: user.token });
    expect(joined.status).toBe(201);
    expect(await c.call('POST', '/api/campaigns/1/join', { token: user.token })).toEqual({ status: 409, body: { detail: GOAL_MESSAGES.alreadyActive } });
    await c.log(user, 'cold_call', { quantity: 30 });

    const left = await c.call('DELETE', `/api/user_goals/${joined.body.user_campaign_id}`, { token: user.token });
    expect(left.status).toBe(200);
    // While left, activities do not count.
    await c.log(user, 'cold_call', { quantity: 10 });
    const whileLeft = await list(user.token);
    expect(whileLeft.active).toEqual([]);
    expect(whileLeft.available.find((x: { id: number }) => x.id === 1)).toMatchObject({ user_campaign_id: joined.body.user_campaign_id, progress: 30 });

    c.clock.set('2026-03-04T15:00:00.000Z');
    const resumed = await c.call('POST', '/api/campaigns/1/join', { token: user.token });
    expect(resumed.body).toMatchObject({ user_campaign_id: joined.body.user_campaign_id, progress: 30, started_at: '2026-03-02T00:00:00.000Z', days_remaining: 3 });

    // Left again (by campaign id this time) and joined after the window: a new goal from zero.
    expect((await c.call('DELETE', '/api/campaigns/1', { token: user.token })).status).toBe(200);
    c.clock.set('2026-03-08T15:00:00.000Z');
    const fresh = await c.call('POST', '/api/campaigns/1/join', { token: user.token });
    expect(fresh.body.user_campaign_id).not.toBe(joined.body.user_campaign_id);
    expect(fresh.body).toMatchObject({ progress: 0, started_at: '2026-03-08T00:00:00.000Z' });
  });

  it('answers 404 when leaving a goal one does not pursue', async () => {
    const user = await c.register();
    expect(await c.call('DELETE', '/api/campaigns/3', { token: user.token })).toEqual({ status: 404, body: { detail: 'Goal not found' } });
    expect(await c.call('DELETE', '/api/user_goals/abc', { token: user.token })).toEqual({ status: 422, body: { detail: [{ loc: ['path', 'id'], msg: 'Invalid campaign ID' }] } });
  });
});

describe('user events', () => {
  const refused = { status: 401, body: { detail: 'Could not validate credentials' } };
  const inSchema = () => c.db.withSchema('campaigns');
  const goalsOf = (userId: string) => inSchema().selectFrom('user_goals').select('id').where('user_id', '=', userId).execute();
  const campaignsBy = (userId: string) => inSchema().selectFrom('custom_campaigns').select('id').where('creator_id', '=', userId).execute();
  const deleteAccount = (userId: string) => c.bus.publish({ id: `del-${userId}`, type: 'user.deleted', v: 1, occurredAt: c.clock.now().toISOString(), data: { user_id: userId } });

  it("forgets a deleted user's goals and custom campaigns, then refuses their token and creates nothing for them", async () => {
    const user = await c.register();
    const custom = await create(user.token, { name: 'Gone soon', goals: [{ type: 'cold_call', count: 5 }] });
    expect(custom.status).toBe(201);
    expect((await c.call('POST', '/api/campaigns/1/join', { token: user.token })).status).toBe(201);
    await deleteAccount(user.id);
    await eventually('the deletion applied', async () => ((await campaignsBy(user.id)).length === 0 && (await goalsOf(user.id)).length === 0 ? true : undefined));

    expect(await c.call('GET', '/api/campaigns', { token: user.token })).toEqual(refused);
    expect(await create(user.token, { name: 'Ghost', goals: [{ type: 'cold_call', count: 5 }] })).toEqual(refused);
    expect(await create(user.token, { name: 'Ghost', icon: 'rocket', goals: [{ type: 'cold_call', count: 5 }] }, '/api/campaigns')).toEqual(refused);
    expect(await c.call('POST', '/api/campaigns/2/join', { token: user.token })).toEqual(refused);
    expect(await c.call('PUT', `/api/campaigns/${custom.body.id}`, { token: user.token, body: { name: 'Renamed' } })).toEqual(refused);
    expect(await c.call('DELETE', '/api/campaigns/1', { token: user.token })).toEqual(refused);
    expect(await c.call('DELETE', '/api/user_goals/1', { token: user.token })).toEqual(refused);
    expect(await goalsOf(user.id)).toEqual([]);
    expect(await campaignsBy(user.id)).toEqual([]);
  });

  it('creates nothing for a join that passed the token check just before the deletion was applied', async () => {
    const user = await c.register();
    // Hold the user's lock as the user.deleted consumer does, let the join reach it, then apply the deletion.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const consumer = c.db.transaction().execute(async (trx) => {
      await lockKey(trx, userLock(user.id));
      await held;
      await trx.withSchema('campaigns').insertInto('deleted_users').values({ user_id: user.id, deleted_at: c.clock.now() }).execute();
    });
    const join = c.call('POST', '/api/campaigns/1/join', { token: user.token });
    await eventually('the join waiting on the user lock', async () => {
      const { rows } = await sql<{ waiting: number }>`select count(*)::int as waiting from pg_locks
        where locktype = 'advisory' and not granted and database = (select oid from pg_database where datname = current_database())`.execute(c.db);
      return rows[0]!.waiting > 0 ? true : undefined;
    });
    release();
    await consumer;
    expect(await join).toEqual(refused);
    expect(await goalsOf(user.id)).toEqual([]);
  });

  it('lets a new user in before their user.registered has arrived (auth answers for them)', async () => {
    const user = testUser();
    const auth = await c.bus.reply(BUS_QUESTIONS.userProjection.subject, async () => user);
    try {
      const token = c.tokens.sign({ id: user.user_id });
      expect((await c.call('GET', '/api/campaigns', { token })).status).toBe(200);
      expect((await c.call('POST', '/api/campaigns/1/join', { token })).status).toBe(201);
    } finally {
      await auth.stop();
    }
  });

  it('answers 503, creating nothing, when a goal needs the zone of a user auth cannot be asked about', async () => {
    const token = c.tokens.sign({ id: randomUUID() });
    expect((await c.call('POST', '/api/campaigns/1/join', { token })).status).toBe(503);
  });
});

describe(`request ${BUS_QUESTIONS.activeGoals.subject}`, () => {
  const ask = async (userId: string) => ActiveGoalsReply.parse(await c.bus.request(BUS_QUESTIONS.activeGoals.subject, { user_id: userId }, 2000));

  it('answers the user’s active goals as GET /api/campaigns lists them, the AI goal’s 1-day goal among them', async () => {
    const user = await c.register('America/Denver');
    const targets = { points_target: 120, calls: 40, conversations: 6, meetings_set: 1, emails: 0, referrals_pastclients: 3, thank_you_cards: 0, social_actions: 0 };
    // What the web sends when the broker activates today's AI goal (spec point 9).
    const made = await c.call('POST', '/api/campaigns', { token: user.token, body: { name: "Today's AI goal", duration_days: 1, goals: aiGoalItems(targets) } });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ name: "Today's AI goal", duration_days: 1, status: 'active', goal_count: 50 });
    const active = await ask(user.id);
    expect(active).toEqual((await list(user.token)).active);
    expect(active.map((goal) => goal.name)).toContain("Today's AI goal");
  });

  it('answers no goals for someone without any or a text that is no user id, and refuses a payload that is not the contract’s', async () => {
    expect(await ask((await c.register()).id)).toEqual([]);
    expect(await ask('not-a-uuid')).toEqual([]);
    await expect(c.bus.request(BUS_QUESTIONS.activeGoals.subject, { user: 'x' }, 2000)).rejects.toThrow();
  });
});
