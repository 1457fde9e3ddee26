import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { BUS_QUESTIONS, type CampaignList } from '@warriors/contracts';
import { activityDeleted, bothDatabases, eventually, migrateBefore, testUser, type TestDatabase } from '@warriors/test-support';
import { projectedUsers } from '../../src/store/users.store';
import { startCampaigns, type TestCampaigns, type TestUser } from '../support/harness';

jest.setTimeout(90_000);

const MIGRATIONS = path.resolve(__dirname, '../../migrations');
// 09:23 in Chicago (CST, UTC-6) on 2026-03-02; its midnight is 06:00 UTC on 03-03.
const MORNING = '2026-03-02T15:23:00.000Z';
const MIDNIGHT = '2026-03-03T06:00:00.000Z';

const dailyGoal = (c: TestCampaigns, user: TestUser, count: number) =>
  c.call('POST', '/api/campaigns', { token: user.token, body: { name: '', duration_days: 1, icon: 'fire', goals: [{ type: 'cold_call', count }] } });

const list = async (c: TestCampaigns, user: TestUser): Promise<CampaignList> => (await c.call('GET', '/api/campaigns', { token: user.token })).body;
/** Spec point 2: logging is locked until a 1-day active goal exists. */
const hasDailyGoal = (campaigns: CampaignList) => campaigns.active.some((goal) => goal.duration_days === 1);

describe.each(bothDatabases('campaigns'))('goals on the broker’s local days, on %s', (_engine, open) => {
  let database: TestDatabase;
  let c: TestCampaigns;
  beforeAll(async () => {
    database = await open();
    c = await startCampaigns(MORNING, database.database);
  });
  afterAll(async () => {
    await c?.close();
    await database?.drop();
  });

  it('ends a daily goal set at 09:23 in Chicago at midnight there: the lock is back, and a log after midnight does not count toward it', async () => {
    c.clock.set(MORNING);
    const user = await c.register('America/Chicago');
    const created = await dailyGoal(c, user, 3);
    expect(created.status).toBe(201);
    // It counts its whole local day (issue 41): from Chicago's midnight, 06:00 UTC.
    expect(created.body).toMatchObject({ started_at: '2026-03-02T06:00:00.000Z', ends_at: MIDNIGHT, days_remaining: 1 });

    // 23:59 in Chicago: still today's goal.
    c.clock.set('2026-03-03T05:59:00.000Z');
    expect((await c.log(user, 'cold_call', { quantity: 2 })).effects.milestones).toEqual([{ percentage: 50, goal_name: 'Today: 3 Cold Calls', remaining: 1, progress: 66 }]);
    expect(hasDailyGoal(await list(c, user))).toBe(true);

    c.clock.set(MIDNIGHT);
    const atMidnight = await list(c, user);
    expect(hasDailyGoal(atMidnight)).toBe(false);
    expect(atMidnight.active).toEqual([]);

    // 00:01: the call that would have completed yesterday's goal counts toward nothing.
    c.clock.set('2026-03-03T06:01:00.000Z');
    const morningCall = await c.log(user, 'cold_call');
    expect(morningCall.effects).toMatchObject({ milestones: [], campaign_completed: null });
    expect((await list(c, user)).completed).toEqual([]);

    // Today's goal is a new one, ending at tonight's midnight, that counts today's 00:01 call.
    const today = await dailyGoal(c, user, 3);
    expect(today.status).toBe(201);
    expect(today.body).toMatchObject({ progress: 1, started_at: MIDNIGHT, ends_at: '2026-03-04T06:00:00.000Z', days_remaining: 1 });
  });

  it("counts the morning's entries toward a daily goal set at 09:23, once each, and takes an undone one back (issue 41)", async () => {
    c.clock.set('2026-03-02T14:00:00.000Z'); // 08:00 in Chicago
    const user = await c.register('America/Chicago');
    const early = await c.log(user, 'cold_call', { quantity: 2 });
    const dials = await c.log(user, 'cold_call', { quantity: 3, at: '2026-03-02T15:00:00.000Z' });
    await c.log(user, 'cold_call', { quantity: 4, at: '2026-03-02T05:00:00.000Z' }); // 23:00 the day before: not today's
    c.clock.set(MORNING);
    const created = await dailyGoal(c, user, 10);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ progress: 5, started_at: '2026-03-02T06:00:00.000Z', ends_at: MIDNIGHT });

    // A morning entry whose activity.logged arrives again after the goal was made (a redelivery, or a
    // consumer behind) counts once; one made offline at 09:10 and sent now counts, as does one after.
    await c.redeliver(early.event);
    await c.log(user, 'cold_call', { at: '2026-03-02T15:10:00.000Z' });
    await c.log(user, 'cold_call', { quantity: 2 });
    await c.settled();
    expect((await list(c, user)).active).toEqual([expect.objectContaining({ progress: 8 })]);

    // Undone: a morning entry leaves the goal it was credited to when the goal was made.
    await c.bus.publish(activityDeleted(dials.event, c.clock.now().toISOString()));
    await c.settled();
    expect((await list(c, user)).active).toEqual([expect.objectContaining({ progress: 5 })]);
  });

  it('completes at once a daily goal the morning already reached, with its campaign.completed (issue 41)', async () => {
    c.clock.set('2026-03-02T14:00:00.000Z');
    const user = await c.register('America/Chicago');
    const morning = await c.log(user, 'cold_call', { quantity: 3 });
    c.clock.set(MORNING);
    const created = await dailyGoal(c, user, 3);
    expect(created.body).toMatchObject({ status: 'completed', progress: 3 });
    const event = await eventually('campaign.completed', () => c.completed.find((e) => e.data.user_campaign_id === created.body.user_campaign_id));
    expect(event.data).toMatchObject({ activity_id: morning.event.data.activity_id, local_date: '2026-03-02', timezone: 'America/Chicago' });
  });

  it('has the consumer judge an activity by when it happened: a call at 23:59 counts even when applied after midnight', async () => {
    c.clock.set(MORNING);
    const user = await c.register('America/Chicago');
    await dailyGoal(c, user, 2);
    c.clock.set('2026-03-03T06:30:00.000Z');
    const late = await c.log(user, 'cold_call', { quantity: 2, at: '2026-03-03T05:59:59.999Z' });
    expect(late.effects.campaign_completed).toEqual({ campaign_name: 'Today: 2 Cold Calls', bonus_points: 0, badge_earned: null });
    expect((await list(c, user)).completed).toEqual([expect.objectContaining({ progress: 2, ends_at: MIDNIGHT })]);
  });

  it('counts a week in the user’s zone across the change to daylight time (Chicago, 2026-03-08)', async () => {
    c.clock.set('2026-03-05T15:00:00.000Z'); // Thursday 09:00 CST
    const user = await c.register('America/Chicago');
    const joined = await c.call('POST', '/api/campaigns/3/join', { token: user.token }); // Email Marathon, 7 days
    // Days 03-05 to 03-11; it ends at 03-12 00:00 CDT.
    expect(joined.body).toMatchObject({ ends_at: '2026-03-12T05:00:00.000Z', days_remaining: 7 });
    c.clock.set('2026-03-09T05:30:00.000Z'); // Monday 00:30 CDT
    expect((await list(c, user)).active).toEqual([expect.objectContaining({ campaign_id: 3, days_remaining: 3 })]);
    await c.log(user, 'email', { at: '2026-03-12T04:59:59.999Z' });
    await c.log(user, 'email', { at: '2026-03-12T05:00:00.000Z' });
    expect((await list(c, user)).active).toEqual([expect.objectContaining({ campaign_id: 3, progress: 1 })]);
  });

  it('dates a new user’s goal in the zone auth gives before their user.registered has arrived', async () => {
    c.clock.set(MORNING);
    const user = testUser({ timezone: 'America/Chicago' });
    const auth = await c.bus.reply(BUS_QUESTIONS.userProjection.subject, async (payload: any) => (payload.user_id === user.user_id ? user : null));
    try {
      const token = c.tokens.sign({ id: user.user_id });
      const created = await c.call('POST', '/api/campaigns', { token, body: { name: '', duration_days: 1, icon: 'fire', goals: [{ type: 'email', count: 5 }] } });
      expect(created.status).toBe(201);
      expect(created.body.ends_at).toBe(MIDNIGHT);
      // Auth not knowing the account (deleted meanwhile): no goal is made.
      const stranger = c.tokens.sign({ id: randomUUID() });
      expect((await c.call('POST', '/api/campaigns/1/join', { token: stranger })).status).toBe(401);
    } finally {
      await auth.stop();
    }
  });
});

describe.each(bothDatabases('campaigns'))('the 0002 migration over %s', (_engine, open) => {
  it('moves the end of goals made before it to their user’s local midnight (UTC for a user campaigns never heard of)', async () => {
    const { database, drop } = await open();
    const [chicagoan, unknown] = [randomUUID(), randomUUID()];
    try {
      await migrateBefore(database, 'campaigns', MIGRATIONS, '0002_goal_local_days.sql', { shared: projectedUsers.migrations });
      await sql`insert into campaigns.users (user_id, timezone, event_at) values (${chicagoan}, 'America/Chicago', ${MORNING})`.execute(database.db);
      for (const userId of [chicagoan, unknown]) {
        await sql`
          insert into campaigns.user_goals (user_id, campaign_id, kind, name, description, icon, duration_days, target, bonus_points, is_auto_generated, started_at)
          values (${userId}, 10, 'power', 'Power Prospecting Day', '', 'lightning', 1, ${JSON.stringify({ kind: 'points', points: 75 })}, 15, false, ${MORNING})`.execute(
          database.db,
        );
      }
      const c = await startCampaigns('2026-03-02T20:00:00.000Z', database);
      try {
        const goalOf = async (id: string) => (await c.call('GET', '/api/campaigns', { token: c.tokens.sign({ id }) })).body.active[0];
        expect(await goalOf(chicagoan)).toMatchObject({ campaign_id: 10, ends_at: MIDNIGHT, days_remaining: 1 });
        expect(await goalOf(unknown)).toMatchObject({ campaign_id: 10, ends_at: '2026-03-03T00:00:00.000Z', days_remaining: 1 });
      } finally {
        await c.close();
      }
    } finally {
      await drop();
    }
  });
});
