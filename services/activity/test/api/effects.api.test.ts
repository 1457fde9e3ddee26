import { EFFECTS_SUBJECT, type ActivityEffects, type Badge, type DomainEvent } from '@warriors/contracts';
import type { Database } from '@warriors/kit';
import { createTestDatabase } from '@warriors/test-support';
import { startActivity, type TestActivity } from '../support/harness';

let database: Database;
let drop: () => Promise<void>;
const running: TestActivity[] = [];

beforeAll(async () => {
  const test = await createTestDatabase('activity');
  database = test.database;
  drop = test.drop;
});

// Services sharing one database share its outbox: only one may run at a time, or its relay could
// publish another's events on its own bus.
afterEach(async () => {
  for (const service of running.splice(0)) await service.close();
});

afterAll(async () => {
  await drop();
});

async function start(options: Parameters<typeof startActivity>[0]): Promise<TestActivity> {
  const service = await startActivity(options, database);
  running.push(service);
  return service;
}

const badge: Badge = {
  id: 'b-1',
  badge_type: 'first_meeting',
  name: 'First Meeting',
  description: 'Logged a first meeting',
  cycle: 'lifetime',
  repeat_count: 1,
  repeat: 1,
  earned_at: '2025-03-12T12:00:00.000Z',
};
const rankChange = { new_rank: 2, positions_gained: 3, passed_users: [{ id: 'u-x', username: 'rival' }] };

/**
 * The test plays a consumer of activity.logged on the real in-process bus: for each event it
 * publishes effects for that activity on the transient effects subject, as gamification and
 * campaigns do (in a batch of one).
 */
async function answerEffects(service: TestActivity, durable: string, effects: (activityId: string) => Partial<ActivityEffects> & Pick<ActivityEffects, 'source'>) {
  await service.bus.consume({ durable, subjects: ['activity.logged'] }, async (event: DomainEvent) => {
    if (event.type !== 'activity.logged') return;
    const id = event.data.activity_id;
    await service.bus.publishTransient(EFFECTS_SUBJECT, { effects: [{ activity_id: id, ...effects(id) }] });
  });
}

it('answers with the effects gamification publishes for the activity', async () => {
  // A long wait: the answer must come as soon as the effects do, not when the wait ends.
  const service = await start({ effectsWaitMs: 10_000 });
  await answerEffects(service, 'test_gamification', () => ({ source: 'gamification', badges: [badge], rank_change: rankChange, streak_days: 2 }));
  const { token } = await service.registerUser();
  const started = Date.now();
  const reply = await service.call('POST', '/api/activity', { token, body: { activity_type: 'meeting' } });
  expect(Date.now() - started).toBeLessThan(5000);
  expect(reply.status).toBe(201);
  expect(reply.body).toMatchObject({ points_awarded: 10, badges: [badge], milestones: [], rank_change: rankChange, campaign_completed: null, streak_days: 2 });
});

it('says the entry is held when gamification held it above its daily ceiling', async () => {
  const service = await start({ effectsWaitMs: 10_000 });
  const message = 'Held for your confirmation: 4 Deals Closed today is above the daily limit of 3. Confirm this entry to add its 50 points to the leaderboards.';
  await answerEffects(service, 'test_gamification', () => ({ source: 'gamification', held_message: message }));
  const { token } = await service.registerUser();
  const reply = await service.call('POST', '/api/activity', { token, body: { activity_type: 'deal_closed' } });
  expect(reply.status).toBe(201);
  expect(reply.body).toMatchObject({ points_awarded: 50, held: true, held_message: message });
});

it('merges the effects of every expected source', async () => {
  const service = await start({ effectsWaitMs: 10_000, effectSources: ['gamification', 'campaigns'] });
  const milestone = { percentage: 50, goal_name: 'Sprint Week', remaining: 50 };
  const completed = { campaign_name: 'Sprint Week', bonus_points: 100, badge_earned: null };
  await answerEffects(service, 'test_gamification', () => ({ source: 'gamification', badges: [badge], rank_change: rankChange }));
  await answerEffects(service, 'test_campaigns', () => ({ source: 'campaigns', milestones: [milestone], campaign_completed: completed }));
  const { token } = await service.registerUser();
  const reply = await service.call('POST', '/api/activity/bulk', { token, body: { activity_type: 'cold_call', quantity: 10, honesty_confirmed: true } });
  expect(reply.status).toBe(201);
  expect(reply.body).toMatchObject({ badges: [badge], milestones: [milestone], rank_change: rankChange, campaign_completed: completed });
});

it('ignores effects published for another activity', async () => {
  const service = await start({ effectsWaitMs: 300 });
  await answerEffects(service, 'test_confused', () => ({ activity_id: 'some-other-activity', source: 'gamification', badges: [badge] }));
  const { token } = await service.registerUser();
  const reply = await service.call('POST', '/api/activity', { token, body: { activity_type: 'email' } });
  expect(reply.status).toBe(201);
  expect(reply.body.badges).toEqual([]);
});

it('answers 201 without effects, and a null streak that sends the web to /me, within the bounded wait when nobody answers', async () => {
  const service = await start({});
  const { token } = await service.registerUser();
  const started = Date.now();
  const reply = await service.call('POST', '/api/activity', { token, body: { activity_type: 'cold_call' } });
  const elapsed = Date.now() - started;
  expect(reply.status).toBe(201);
  expect(reply.body).toMatchObject({ points_awarded: 1, badges: [], milestones: [], rank_change: null, campaign_completed: null, held: false, streak_days: null });
  // The default wait is 300 ms; the answer must not hang on the missing consumer.
  expect(elapsed).toBeGreaterThanOrEqual(290);
  expect(elapsed).toBeLessThan(3000);
});

it('replays the first answer, effects included, to a retry with the same Idempotency-Key', async () => {
  const service = await start({ effectsWaitMs: 10_000 });
  await answerEffects(service, 'test_gamification', () => ({ source: 'gamification', badges: [badge] }));
  const { token } = await service.registerUser();
  const headers = { 'idempotency-key': 'with-effects' };
  const first = await service.call('POST', '/api/activity', { token, body: { activity_type: 'meeting' }, headers });
  const retry = await service.call('POST', '/api/activity', { token, body: { activity_type: 'meeting' }, headers });
  expect(first.body.badges).toEqual([badge]);
  expect(retry).toEqual(first);
});
