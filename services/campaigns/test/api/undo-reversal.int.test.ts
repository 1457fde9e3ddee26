import { sql } from 'kysely';
import { activityDeleted, activityLogged, bothDatabases, eventually, type TestDatabase } from '@warriors/test-support';
import { startCampaigns, type TestCampaigns, type TestUser } from '../support/harness';

jest.setTimeout(60_000);

// PostgreSQL (the stack) and PGlite (the embedded mode).
describe.each(bothDatabases('campaigns'))('a deleted entry in campaigns, on %s', (_engine, open) => {
  let database: TestDatabase;
  let c: TestCampaigns;
  beforeAll(async () => {
    database = await open();
    c = await startCampaigns('2026-03-02T15:00:00.000Z', database.database);
  });
  afterAll(async () => {
    await c?.close();
    await database?.drop();
  });

  const coldCallGoal = async (token: string, count: number): Promise<number> => {
    const created = await c.call('POST', '/api/campaigns', { token, body: { name: '', duration_days: 1, icon: 'fire', goals: [{ type: 'cold_call', count }] } });
    expect(created.status).toBe(201);
    return created.body.user_campaign_id;
  };

  /** Every goal of the user (active and completed) by goal id: its progress, points and completion. */
  async function goalsOf(user: TestUser) {
    const rows = await c.db.withSchema('campaigns').selectFrom('user_goals').select(['id', 'counts', 'points', 'completed_at']).where('user_id', '=', user.id).execute();
    return new Map(rows.map((r) => [r.id, { counts: r.counts, points: r.points, completed: r.completed_at !== null }]));
  }

  const creditRows = async (activityId: string) =>
    (await sql<{ n: number }>`select count(*)::int as n from campaigns.goal_credits where activity_id = ${activityId}`.execute(c.db)).rows[0]!.n;

  it('takes back from exactly the goals an entry credited what it credited them, once however often its deletion is delivered', async () => {
    c.clock.set('2026-03-02T15:00:00.000Z');
    const user = await c.register();
    const calls = await coldCallGoal(user.token, 10);
    // Power Prospecting Day counts points (75): a cold call's points credit it too.
    expect((await c.call('POST', '/api/campaigns/10/join', { token: user.token })).status).toBe(201);
    const power = [...(await goalsOf(user)).keys()].find((id) => id !== calls)!;

    const kept = [await c.log(user, 'cold_call', { quantity: 3 })];
    const wrong = await c.log(user, 'cold_call', { quantity: 4 });
    kept.push(await c.log(user, 'email', { quantity: 2 }));
    const before = await goalsOf(user);
    expect(before.get(calls)).toEqual({ counts: { cold_call: 7 }, points: 0, completed: false });
    const powerPoints = before.get(power)!.points;
    expect(powerPoints).toBe(wrong.event.data.points + kept.reduce((sum, k) => sum + k.event.data.points, 0));
    expect(await creditRows(wrong.event.data.activity_id)).toBe(2);

    const deletion = activityDeleted(wrong.event, c.clock.now().toISOString());
    await c.bus.publish(deletion);
    await c.redeliver(deletion);
    await c.redeliver(deletion);
    await c.settled();
    const after = await goalsOf(user);
    expect(after.get(calls)).toEqual({ counts: { cold_call: 3 }, points: 0, completed: false });
    expect(after.get(power)).toEqual({ counts: {}, points: powerPoints - wrong.event.data.points, completed: false });
    expect(await creditRows(wrong.event.data.activity_id)).toBe(0);
    const listed = await c.call('GET', '/api/campaigns', { token: user.token });
    expect(listed.body.active).toEqual(expect.arrayContaining([expect.objectContaining({ user_campaign_id: calls, progress: 3 })]));

    // The goal goes on from there: the re-logged entry counts once.
    await c.log(user, 'cold_call', { quantity: 2 });
    expect((await goalsOf(user)).get(calls)!.counts).toEqual({ cold_call: 5 });
  });

  it('credits nothing for an entry whose deletion arrived before its log', async () => {
    c.clock.set('2026-03-02T15:00:00.000Z');
    const user = await c.register();
    const calls = await coldCallGoal(user.token, 10);
    await c.log(user, 'cold_call', { quantity: 2 });
    const late = activityLogged(user.id, 'cold_call', c.clock.now().toISOString(), { quantity: 5 });
    await c.bus.publish(activityDeleted(late, c.clock.now().toISOString()));
    await eventually('the deletion applied', async () => {
      const rows = await sql`select 1 from campaigns.deleted_entries where activity_id = ${late.data.activity_id}`.execute(c.db);
      return rows.rows.length > 0 ? true : undefined;
    });
    await c.bus.publish(late);
    await c.settled();
    expect((await goalsOf(user)).get(calls)).toEqual({ counts: { cold_call: 2 }, points: 0, completed: false });
    expect(await creditRows(late.data.activity_id)).toBe(0);
  });

  it('re-opens a goal the deleted entry completed, with campaign.reopened once; completed again, it has a completion of its own (issue 41)', async () => {
    c.clock.set('2026-03-02T15:00:00.000Z');
    const user = await c.register();
    const calls = await coldCallGoal(user.token, 5);
    await c.log(user, 'cold_call', { quantity: 2 });
    const completing = await c.log(user, 'cold_call', { quantity: 3 });
    expect(completing.effects.campaign_completed).not.toBeNull();
    const deletion = activityDeleted(completing.event, c.clock.now().toISOString());
    await c.bus.publish(deletion);
    await c.redeliver(deletion);
    await c.settled();
    expect((await goalsOf(user)).get(calls)).toEqual({ counts: { cold_call: 2 }, points: 0, completed: false });
    const list = await c.call('GET', '/api/campaigns', { token: user.token });
    expect(list.body.completed).toEqual([]);
    expect(list.body.active).toEqual(expect.arrayContaining([expect.objectContaining({ user_campaign_id: calls, progress: 2, completed_at: null })]));
    await eventually('campaign.reopened', async () => (c.reopened.some((e) => e.data.user_campaign_id === calls) ? true : undefined));
    expect(c.reopened.filter((e) => e.data.user_campaign_id === calls)).toEqual([
      expect.objectContaining({
        id: `campaign.reopened:${calls}:1`,
        data: expect.objectContaining({ completed_event_id: `campaign.completed:${calls}`, activity_id: completing.event.data.activity_id, bonus_points: expect.any(Number) }),
      }),
    ]);

    // Logged again: completed again, as its second completion (a bonus of its own, paid once).
    const again = await c.log(user, 'cold_call', { quantity: 3 });
    expect(again.effects.campaign_completed).not.toBeNull();
    expect((await goalsOf(user)).get(calls)).toEqual({ counts: { cold_call: 5 }, points: 0, completed: true });
    await eventually('the second completion', async () => (c.completed.filter((e) => e.data.user_campaign_id === calls).length === 2 ? true : undefined));
    expect(c.completed.filter((e) => e.data.user_campaign_id === calls).map((e) => e.id)).toEqual([`campaign.completed:${calls}`, `campaign.completed:${calls}:2`]);
  });

  it('leaves completed a goal still at its target without the deleted entry', async () => {
    c.clock.set('2026-03-02T15:00:00.000Z');
    const user = await c.register();
    const calls = await coldCallGoal(user.token, 5);
    const first = await c.log(user, 'cold_call', { quantity: 1 });
    await c.log(user, 'cold_call', { quantity: 6 }); // 7 of 5
    await c.bus.publish(activityDeleted(first.event, c.clock.now().toISOString()));
    await c.settled();
    expect((await goalsOf(user)).get(calls)).toEqual({ counts: { cold_call: 6 }, points: 0, completed: true });
    expect(c.reopened.filter((e) => e.data.user_campaign_id === calls)).toEqual([]);
  });
});
