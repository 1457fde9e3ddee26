import { randomUUID } from 'node:crypto';
import { Campaign, CampaignList, type EventOf } from '@warriors/contracts';
import { eventually } from '@warriors/test-support';
import { startCampaigns, type TestCampaigns } from '../support/harness';

jest.setTimeout(60_000);

let c: TestCampaigns;
beforeAll(async () => {
  c = await startCampaigns();
});
afterAll(() => c?.close());

const dailyGoal = (token: string, count = 5) =>
  c.call('POST', '/api/campaigns', { token, body: { name: '', duration_days: 1, icon: 'fire', goals: [{ type: 'cold_call', count }] } });

it('reports the milestone an activity crosses, then completion with the bonus, and publishes campaign.completed once however often the completing event is redelivered', async () => {
  c.clock.set('2026-03-02T15:00:00.000Z');
  const user = await c.register();
  const created = await dailyGoal(user.token, 10);
  expect(created.status).toBe(201);
  const goalId = created.body.user_campaign_id;

  const first = await c.log(user, 'cold_call', { quantity: 3 });
  expect(first.effects).toEqual({
    activity_id: first.event.data.activity_id,
    source: 'campaigns',
    badges: [],
    milestones: [{ percentage: 25, goal_name: 'Today: 10 Cold Calls', remaining: 7, progress: 30 }],
    rank_change: null,
    campaign_completed: null,
  });
  // 3 -> 9 crosses 50% and 75% and 90%: only the highest is reported.
  const second = await c.log(user, 'cold_call', { quantity: 6 });
  expect(second.effects.milestones).toEqual([{ percentage: 90, goal_name: 'Today: 10 Cold Calls', remaining: 1, progress: 90 }]);
  // Another type does not count towards a cold-call goal, and reports nothing.
  expect((await c.log(user, 'email')).effects.milestones).toEqual([]);

  const completing = await c.log(user, 'cold_call', { quantity: 2 });
  expect(completing.effects.campaign_completed).toEqual({ campaign_name: 'Today: 10 Cold Calls', bonus_points: 1, badge_earned: null });
  expect(completing.effects.milestones).toEqual([]);

  await c.redeliver(completing.event);
  await c.redeliver(completing.event);
  await c.settled();
  await eventually('campaign.completed', () => (c.completed.length > 0 ? true : undefined));
  // Further calls after completion change nothing either.
  await c.log(user, 'cold_call', { quantity: 5 });
  await c.settled();
  const mine = c.completed.filter((e) => e.data.user_id === user.id);
  expect(mine).toHaveLength(1);
  expect(mine[0]).toMatchObject({
    id: `campaign.completed:${goalId}`,
    data: { user_campaign_id: goalId, bonus_points: 1, badge_earned: null, activity_id: completing.event.data.activity_id, local_date: '2026-03-02' },
  });

  const list = await c.call('GET', '/api/campaigns', { token: user.token });
  // Every field of the contract, in all three lists.
  expect(
    CampaignList.strict()
      .parse(list.body)
      .completed.map((x) => Campaign.strict().parse(x)),
  ).toHaveLength(1);
  expect(list.body.active).toEqual([]);
  expect(list.body.completed).toEqual([
    expect.objectContaining({ user_campaign_id: goalId, status: 'completed', progress: 10, goal_count: 10, completed_at: completing.event.data.occurred_at }),
  ]);
});

it('names the award of a catalog campaign and pays its bonus on completion', async () => {
  c.clock.set('2026-03-02T15:00:00.000Z');
  const user = await c.register();
  expect((await c.call('POST', '/api/campaigns/10/join', { token: user.token })).status).toBe(201);
  const done = await c.log(user, 'meeting', { quantity: 8 }); // 80 points of 75
  expect(done.effects.campaign_completed).toEqual({ campaign_name: 'Power Prospecting Day', bonus_points: 15, badge_earned: 'Power Day' });
});

it('never credits an activity from before the first day or after the window', async () => {
  c.clock.set('2026-03-02T15:00:00.000Z');
  const user = await c.register();
  const joined = await c.call('POST', '/api/campaigns/2/join', { token: user.token }); // Doorknock Blitz: 30 in 3 days
  expect(joined.status).toBe(201);
  // A UTC user: days 03-02 to 03-04, from the start of the first (issue 41), ending at midnight UTC.
  expect(joined.body).toMatchObject({ started_at: '2026-03-02T00:00:00.000Z', ends_at: '2026-03-05T00:00:00.000Z', days_remaining: 3 });

  // Logged the day before the join (an activity.logged arriving late) and exactly at the window's end.
  await c.log(user, 'doorknock', { quantity: 10, at: '2026-03-01T23:59:59.999Z' });
  await c.log(user, 'doorknock', { quantity: 10, at: '2026-03-05T00:00:00.000Z' });
  const inside = await c.log(user, 'doorknock', { quantity: 4, at: '2026-03-04T23:59:59.999Z' });
  expect(inside.effects.milestones).toEqual([]);
  const list = await c.call('GET', '/api/campaigns', { token: user.token });
  expect(list.body.active).toEqual([expect.objectContaining({ campaign_id: 2, progress: 4, activity_breakdown: [{ type: 'doorknock', current: 4, target: 30 }] })]);
});

it('re-evaluates the active goal when its creator lowers the target, completing it with its event', async () => {
  c.clock.set('2026-03-02T15:00:00.000Z');
  const user = await c.register('America/Chicago');
  const created = await dailyGoal(user.token, 20);
  await c.log(user, 'cold_call', { quantity: 8 });
  const edited = await c.call('PUT', `/api/campaigns/${created.body.id}`, { token: user.token, body: { activity_goals: { cold_call: 8 } } });
  expect(edited.status).toBe(200);
  expect(edited.body).toMatchObject({ status: 'completed', progress: 8, goal_count: 8, name: 'Today: 8 Cold Calls' });
  const event = await eventually('campaign.completed after the edit', () => c.completed.find((e) => e.data.user_campaign_id === created.body.user_campaign_id));
  // Dated in the user's timezone: 09:00 in Chicago.
  expect(event.data).toMatchObject({ activity_id: null, local_date: '2026-03-02', timezone: 'America/Chicago' });
});

it('completes a goal once when many activities of one user are applied side by side', async () => {
  c.clock.set('2026-03-02T15:00:00.000Z');
  const user = await c.register();
  const created = await dailyGoal(user.token, 10);
  const results = await Promise.all(Array.from({ length: 20 }, () => c.log(user, 'cold_call')));
  expect(results.filter((r) => r.effects.campaign_completed !== null)).toHaveLength(1);
  await c.settled();
  await eventually('campaign.completed', () => c.completed.find((e) => e.data.user_campaign_id === created.body.user_campaign_id));
  expect(c.completed.filter((e) => e.data.user_campaign_id === created.body.user_campaign_id)).toHaveLength(1);
  const list = await c.call('GET', '/api/campaigns', { token: user.token });
  expect(list.body.completed).toEqual([expect.objectContaining({ user_campaign_id: created.body.user_campaign_id, progress: 10 })]);
});

it('keeps a message that is not a valid event as a dead letter', async () => {
  await c.publishRaw('activity.logged', '{"type":"activity.logged","broken":true}');
  const letter = await eventually('the dead letter', async () =>
    c.db.withSchema('campaigns').selectFrom('dead_letters').selectAll().where('payload', 'like', '%broken%').executeTakeFirst(),
  );
  expect(letter).toMatchObject({ subject: 'activity.logged', durable: 'campaigns_activity' });
  expect(letter.error).toMatch(/invalid event/);
});

it('lets a left goal take a lowered target without completing, and completes it when resumed', async () => {
  c.clock.set('2026-03-02T15:00:00.000Z');
  const user = await c.register();
  const created = await dailyGoal(user.token, 10);
  await c.log(user, 'cold_call', { quantity: 6 });
  expect((await c.call('DELETE', `/api/user_goals/${created.body.user_campaign_id}`, { token: user.token })).status).toBe(200);

  const edited = await c.call('PUT', `/api/campaigns/${created.body.id}`, { token: user.token, body: { goals: [{ type: 'cold_call', count: 5 }] } });
  expect(edited.body).toMatchObject({ status: 'available', progress: 5, goal_count: 5, completed_at: null });

  const resumed = await c.call('POST', `/api/campaigns/${created.body.id}/join`, { token: user.token });
  expect(resumed.body).toMatchObject({ status: 'completed', user_campaign_id: created.body.user_campaign_id, completed_at: '2026-03-02T15:00:00.000Z' });
  const event = await eventually('campaign.completed on resuming', () => c.completed.find((e) => e.data.user_campaign_id === created.body.user_campaign_id));
  expect(event.data.activity_id).toBeNull();
});

it("credits a backlog of several users' activities, interleaved and some delivered twice, each exactly once", async () => {
  c.clock.set('2026-03-02T15:00:00.000Z');
  const users = [await c.register(), await c.register(), await c.register()];
  for (const user of users) expect((await dailyGoal(user.token, 100)).status).toBe(201);
  const at = c.clock.now().toISOString();
  // Published back to back without waiting for effects, so the consumer receives them in batches.
  const events = Array.from({ length: 30 }, (_, i): EventOf<'activity.logged'> => ({
    id: randomUUID(),
    type: 'activity.logged',
    v: 1,
    occurredAt: at,
    data: {
      activity_id: randomUUID(),
      user_id: users[i % 3]!.id,
      activity_type: 'cold_call',
      quantity: 1,
      points: 1,
      occurred_at: at,
      local_date: at.slice(0, 10),
      timezone: 'UTC',
    },
  }));
  for (const event of events) await c.bus.publish(event);
  for (const event of events.slice(0, 6)) await c.redeliver(event);
  await c.settled();
  for (const user of users) {
    const list = await c.call('GET', '/api/campaigns', { token: user.token });
    expect(list.body.active).toEqual([expect.objectContaining({ progress: 10, goal_count: 100 })]);
  }
});

it('completes a goal once when one backlog carries the completing activity and more after it, and credits nothing after completion', async () => {
  c.clock.set('2026-03-02T15:00:00.000Z');
  const user = await c.register();
  expect((await dailyGoal(user.token, 5)).status).toBe(201);
  const at = c.clock.now().toISOString();
  const events = Array.from({ length: 8 }, (): EventOf<'activity.logged'> => ({
    id: randomUUID(),
    type: 'activity.logged',
    v: 1,
    occurredAt: at,
    data: { activity_id: randomUUID(), user_id: user.id, activity_type: 'cold_call', quantity: 1, points: 1, occurred_at: at, local_date: at.slice(0, 10), timezone: 'UTC' },
  }));
  // Back to back, the same event twice among them: the batches see the goal complete partway through.
  for (const event of [...events.slice(0, 3), events[2]!, ...events.slice(3)]) await c.bus.publish(event);
  await c.settled();
  await eventually('campaign.completed', () => (c.completed.some((e) => e.data.user_id === user.id) ? true : undefined));
  await c.settled();
  const mine = c.completed.filter((e) => e.data.user_id === user.id);
  expect(mine).toHaveLength(1);
  // Whichever was applied fifth (batches of one user may apply in either order).
  expect(events.map((e) => e.data.activity_id)).toContain(mine[0]!.data.activity_id);
  const list = await c.call('GET', '/api/campaigns', { token: user.token });
  expect(list.body.completed).toEqual([expect.objectContaining({ progress: 5, goal_count: 5 })]);
});

it('credits an entry made offline by the time it was made: the day before the goal counts nothing; earlier on its first day or after it, it counts though it arrives later', async () => {
  c.clock.set('2026-03-04T15:00:00.000Z');
  const user = await c.register();
  expect((await dailyGoal(user.token, 5)).status).toBe(201);
  // Both arrive an hour later, as a phone back online sends them.
  c.clock.set('2026-03-04T16:00:00.000Z');
  await c.log(user, 'cold_call', { at: '2026-03-03T23:50:00.000Z', quantity: 4 });
  await c.log(user, 'cold_call', { at: '2026-03-04T14:50:00.000Z', quantity: 2 });
  await c.log(user, 'cold_call', { at: '2026-03-04T15:10:00.000Z' });
  await c.settled();
  const list = await c.call('GET', '/api/campaigns', { token: user.token });
  expect(list.body.active).toEqual([expect.objectContaining({ progress: 3, goal_count: 5 })]);
});
