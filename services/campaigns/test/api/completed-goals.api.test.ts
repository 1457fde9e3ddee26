import { BUS_QUESTIONS, CompletedGoalsReply } from '@warriors/contracts';
import { startCampaigns, type TestCampaigns } from '../support/harness';

jest.setTimeout(60_000);

/** campaigns-reports.user-completed-goals on real PostgreSQL and NATS: what the weekly recap counts. */
let c: TestCampaigns;
beforeAll(async () => {
  c = await startCampaigns('2026-03-02T15:00:00.000Z');
});
afterAll(() => c?.close());

const ask = async (userId: string, from: string, to: string) =>
  CompletedGoalsReply.parse(await c.bus.request(BUS_QUESTIONS.completedGoals.subject, { user_id: userId, from, to }, 2000));

it('answers the goals completed from one instant up to another, oldest first, each at the time of the log that completed it', async () => {
  c.clock.set('2026-03-02T15:00:00.000Z');
  const user = await c.register('America/Chicago');
  const rival = await c.register();
  // Doorknock Blitz (30 doorknocks in 3 days) and Email Marathon (50 emails in 7 days).
  for (const id of [2, 3]) expect((await c.call('POST', `/api/campaigns/${id}/join`, { token: user.token })).status).toBe(201);
  expect((await c.call('POST', '/api/campaigns/2/join', { token: rival.token })).status).toBe(201);

  await c.log(user, 'doorknock', { quantity: 30, at: '2026-03-02T16:00:00.000Z' });
  await c.log(rival, 'doorknock', { quantity: 30, at: '2026-03-02T16:30:00.000Z' });
  await c.log(user, 'email', { quantity: 50, at: '2026-03-03T09:00:00.000Z' });
  await c.settled();

  expect(await ask(user.id, '2026-03-02T00:00:00.000Z', '2026-03-09T00:00:00.000Z')).toEqual([
    { name: 'Doorknock Blitz', completed_at: '2026-03-02T16:00:00.000Z' },
    { name: 'Email Marathon', completed_at: '2026-03-03T09:00:00.000Z' },
  ]);
  // From included, to excluded.
  expect(await ask(user.id, '2026-03-02T16:00:00.001Z', '2026-03-03T09:00:00.000Z')).toEqual([]);
  expect(await ask(user.id, '2026-03-03T09:00:00.000Z', '2026-03-03T09:00:00.001Z')).toEqual([{ name: 'Email Marathon', completed_at: '2026-03-03T09:00:00.000Z' }]);
  expect(await ask(rival.id, '2026-03-02T00:00:00.000Z', '2026-03-09T00:00:00.000Z')).toEqual([{ name: 'Doorknock Blitz', completed_at: '2026-03-02T16:30:00.000Z' }]);
});

it('answers none for a broker without completions, a text that is no user id or no instant, and refuses a payload that is not the contract’s', async () => {
  const user = await c.register();
  expect(await ask(user.id, '2026-01-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z')).toEqual([]);
  expect(await ask('not-a-uuid', '2026-01-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z')).toEqual([]);
  expect(await ask(user.id, 'yesterday', 'tomorrow')).toEqual([]);
  await expect(c.bus.request(BUS_QUESTIONS.completedGoals.subject, { user_id: user.id }, 2000)).rejects.toThrow();
});
