import { BUS_QUESTIONS, ExportBadge, ExportLedgerRow, exportPathOf, type EventOf } from '@warriors/contracts';
import { eventually } from '@warriors/test-support';
import { gamificationForSuite, type TestGamification } from '../support/harness';

/** Gamification's parts of 'Download my data' and the held question, on real PostgreSQL. */
const suite = gamificationForSuite('2030-01-01T00:00:00Z');
let g: TestGamification;
beforeEach(() => {
  g = suite.get();
});

const part = async (key: 'points_ledger' | 'badges', token?: string) => g.call('GET', exportPathOf(key), token);

it('gives a broker their own ledger rows, holds included, and badges; another broker none of them', async () => {
  const day = g.freshDay();
  const broker = await g.register();
  const rival = await g.register();
  // Three closed deals a day count; the fourth is held above the ceiling.
  const deals: EventOf<'activity.logged'>[] = [];
  for (let i = 0; i < 4; i++) deals.push(await g.log(broker.user_id, 'deal_closed'));
  const meeting = await g.log(broker.user_id, 'meeting');
  const theirs = await g.log(rival.user_id, 'email');

  const ledger = await eventually('every entry in the ledger', async () => {
    const rows = ExportLedgerRow.array().parse((await part('points_ledger', broker.token)).body);
    return rows.length === 5 ? rows : undefined;
  });
  expect(ledger.map((row) => row.source_id)).toEqual([...deals, meeting].map((event) => event.data.activity_id));
  expect(ledger.map((row) => row.held)).toEqual([false, false, false, true, false]);
  expect(ledger[0]).toMatchObject({ source: 'activity', points: 50, activity_type: 'deal_closed', quantity: 1, local_date: day, confirmed_at: null });

  const badges = ExportBadge.array().parse((await part('badges', broker.token)).body);
  expect(badges.map((badge) => badge.badge_type)).toEqual(expect.arrayContaining(['first_meeting', 'daily_victory']));
  expect(badges.find((badge) => badge.badge_type === 'first_meeting')).toMatchObject({ name: 'First Meeting', cycle_key: 'lifetime' });

  const rivals = await eventually('the rival’s entry in the ledger', async () => {
    const rows = ExportLedgerRow.array().parse((await part('points_ledger', rival.token)).body);
    return rows.length === 1 ? rows : undefined;
  });
  expect(rivals.map((row) => row.source_id)).toEqual([theirs.data.activity_id]);
  expect((await part('badges', rival.token)).body).toEqual([]);
});

it('answers which of a page of a user’s own entries are held, and none of another user’s', async () => {
  g.freshDay();
  const broker = await g.register();
  const rival = await g.register();
  const deals: string[] = [];
  for (let i = 0; i < 5; i++) deals.push((await g.log(broker.user_id, 'deal_closed')).data.activity_id);
  await eventually('the deals judged', async () => (ExportLedgerRow.array().parse((await part('points_ledger', broker.token)).body).length === 5 ? true : undefined));

  const ask = (userId: string) => g.bus.request(BUS_QUESTIONS.heldEntries.subject, { user_id: userId, activity_ids: deals }, 2000);
  expect(await ask(broker.user_id)).toEqual({ held_ids: expect.arrayContaining(deals.slice(3)) });
  expect(((await ask(broker.user_id)) as { held_ids: string[] }).held_ids).toHaveLength(2);
  expect(await ask(rival.user_id)).toEqual({ held_ids: [] });
});

it('refuses both parts without a valid token', async () => {
  for (const key of ['points_ledger', 'badges'] as const) {
    expect((await part(key)).status).toBe(401);
    expect((await part(key, 'forged')).status).toBe(401);
  }
});
