import { sql } from 'kysely';
import { type DomainEvent, type EventOf } from '@warriors/contracts';
import { fixedClock, type Bus, type LeaderboardStore } from '@warriors/kit';
import { activityDeleted, activityLogged, eventuallyPasses, type ServiceUnderTest } from '@warriors/test-support';
import { ALLTIME_KEY, dayKey, sevenDayKey } from '../../src/domain/windows';
import { dayAhead, logActivity, natsSuiteFor, registerWarrior } from '../support/harness';

/**
 * A deleted entry's reversal end to end on PostgreSQL, NATS JetStream (a stream of this file's own)
 * and Redis (a namespace of its own): the ledger keeps both rows, every board and the daily totals
 * lose the entry once however often the deletion is delivered, a badge of the day no longer met is
 * revoked, and a held entry's deletion takes nothing back.
 */
const clock = fixedClock(`${dayAhead(10)}T15:00:00Z`);
const heard: DomainEvent[] = [];
const suite = natsSuiteFor('gamif-undo', clock, ['points.awarded'], heard);
let gamification: ServiceUnderTest<Bus>;
let bus: Bus;
let store: LeaderboardStore;

beforeAll(() => {
  ({ gamification, bus, store } = suite.get());
});

const db = () => gamification.database.db;
const onDay = (days: number) => {
  const date = dayAhead(10 + days);
  clock.set(`${date}T15:00:00Z`);
  return date;
};
/** Every board the user is on for `date`: the day's, the 7 days ending then, all time. */
const boards = async (userId: string, date: string) => ({
  day: await store.score(dayKey(date), userId),
  week: await store.score(sevenDayKey(date), userId),
  alltime: await store.score(ALLTIME_KEY, userId),
});
const ledgerRows = async (userId: string) =>
  (
    await sql<{ source: string; source_id: string; points: number; held: boolean }>`
      select source, source_id, points, held from gamification.ledger where user_id = ${userId} order by id`.execute(db())
  ).rows;
const dayTotals = async (userId: string, date: string) =>
  (
    await sql<{
      activity_type: string;
      quantity: number;
    }>`select activity_type, quantity from gamification.daily_totals where user_id = ${userId} and local_date = ${date} order by 1`.execute(db())
  ).rows;
const badgesOf = async (userId: string) =>
  (await sql<{ badge_type: string }>`select badge_type from gamification.user_badges where user_id = ${userId} order by 1`.execute(db())).rows.map((r) => r.badge_type);
const inLedger = (event: EventOf<'activity.logged'>) =>
  eventuallyPasses(async () => expect((await ledgerRows(event.data.user_id)).map((r) => r.source_id)).toContain(event.data.activity_id));
const deleteEntry = async (logged: EventOf<'activity.logged'>, copies = 1) => {
  const deletion = activityDeleted(logged, clock.now().toISOString());
  // The first copy, then redeliveries under fresh broker ids (the stream keeps them all).
  for (let i = 0; i < copies; i++) await bus.publish(deletion, i === 0 ? undefined : { msgId: `${deletion.id}:${i}` });
  return deletion;
};

it('takes a deleted entry off every board and the day’s totals once, however often the deletion is delivered; the ledger keeps both rows', async () => {
  const date = onDay(0);
  const user = await registerWarrior(gamification);
  const kept = await logActivity(bus, clock, user.user_id, 'cold_call', { localDate: date });
  const gone = await logActivity(bus, clock, user.user_id, 'meeting', { quantity: 2, localDate: date });
  await inLedger(kept);
  await inLedger(gone);
  await eventuallyPasses(async () => expect(await boards(user.user_id, date)).toEqual({ day: 21, week: 21, alltime: 21 }));

  await deleteEntry(gone, 3);
  await eventuallyPasses(async () => expect(await boards(user.user_id, date)).toEqual({ day: 1, week: 1, alltime: 1 }));
  await eventuallyPasses(async () =>
    expect(heard.filter((e) => e.id === `points.awarded:reversal:${gone.data.activity_id}`).map((e) => e.data)).toEqual([
      expect.objectContaining({ user_id: user.user_id, points: -20, reason: 'reversal', activity_id: gone.data.activity_id, local_date: date }),
    ]),
  );
  // The redeliveries are all in (the inbox took them): still one reversal.
  await eventuallyPasses(async () => {
    const inbox = await sql<{ n: number }>`select count(*)::int as n from gamification.inbox where event_id = ${`activity.deleted:${gone.data.activity_id}`}`.execute(db());
    expect(inbox.rows[0]!.n).toBe(1);
  });
  expect(await ledgerRows(user.user_id)).toEqual([
    { source: 'activity', source_id: kept.data.activity_id, points: 1, held: false },
    { source: 'activity', source_id: gone.data.activity_id, points: 20, held: false },
    { source: 'reversal', source_id: `reversal:${gone.data.activity_id}`, points: -20, held: false },
  ]);
  expect(await dayTotals(user.user_id, date)).toEqual([{ activity_type: 'cold_call', quantity: 1 }]);
  expect(await boards(user.user_id, date)).toEqual({ day: 1, week: 1, alltime: 1 });
});

it('revokes a badge of the day whose threshold the deletion leaves unmet, and the day leaves the streak when nothing of it is left', async () => {
  const date = onDay(12);
  const user = await registerWarrior(gamification);
  // 50 points: the daily goal, so Daily Victory.
  const goal = await logActivity(bus, clock, user.user_id, 'meeting', { quantity: 5, localDate: date });
  await inLedger(goal);
  await eventuallyPasses(async () => expect(await badgesOf(user.user_id)).toContain('daily_victory'));

  await deleteEntry(goal);
  await eventuallyPasses(async () => expect(await badgesOf(user.user_id)).not.toContain('daily_victory'));
  expect(await dayTotals(user.user_id, date)).toEqual([]);
  const stats = await gamification.call('GET', '/api/badges', { token: user.token });
  expect(stats.status).toBe(200);
  expect(JSON.stringify(stats.body)).not.toContain('daily_victory');
  await eventuallyPasses(async () => expect(await boards(user.user_id, date)).toEqual({ day: 0, week: 0, alltime: 0 }));
});

it('takes nothing back for a held entry, which is no longer listed nor confirmable', async () => {
  const date = onDay(24);
  const user = await registerWarrior(gamification);
  // Above the meeting's daily ceiling of 20: held.
  const held = await logActivity(bus, clock, user.user_id, 'meeting', { quantity: 21, localDate: date });
  await inLedger(held);
  expect((await gamification.call('GET', '/api/activity/held', { token: user.token })).body).toHaveLength(1);

  await deleteEntry(held, 2);
  await eventuallyPasses(async () => expect((await ledgerRows(user.user_id)).map((r) => r.source)).toEqual(['activity', 'reversal']));
  expect((await ledgerRows(user.user_id))[1]).toEqual({ source: 'reversal', source_id: `reversal:${held.data.activity_id}`, points: -210, held: true });
  expect((await gamification.call('GET', '/api/activity/held', { token: user.token })).body).toEqual([]);
  expect((await gamification.call('POST', `/api/activity/${held.data.activity_id}/confirm`, { token: user.token })).status).toBe(404);
  expect(await dayTotals(user.user_id, date)).toEqual([]);
  expect(await boards(user.user_id, date)).toEqual({ day: null, week: null, alltime: null });
});

it('judges the ceiling on what is left of the day: held entries count, deleted ones (held or counted) do not', async () => {
  const date = onDay(25);
  const user = await registerWarrior(gamification);
  const heldOf = async () => Object.fromEntries((await ledgerRows(user.user_id)).filter((r) => r.source === 'activity').map((r) => [r.source_id, r.held]));
  // The meeting's daily ceiling is 20: 15 counted, then 6 held (21), then 1 more held (22).
  const counted = await logActivity(bus, clock, user.user_id, 'meeting', { quantity: 15, localDate: date });
  const heldSix = await logActivity(bus, clock, user.user_id, 'meeting', { quantity: 6, localDate: date });
  await inLedger(heldSix);
  const heldOne = await logActivity(bus, clock, user.user_id, 'meeting', { quantity: 1, localDate: date });
  await inLedger(heldOne);
  expect(await heldOf()).toEqual({ [counted.data.activity_id]: false, [heldSix.data.activity_id]: true, [heldOne.data.activity_id]: true });

  // Both held entries and the counted one deleted: the day holds nothing, so 20 fit under the ceiling.
  for (const entry of [heldSix, heldOne, counted]) await deleteEntry(entry);
  await eventuallyPasses(async () => expect((await ledgerRows(user.user_id)).filter((r) => r.source === 'reversal')).toHaveLength(3));
  const fits = await logActivity(bus, clock, user.user_id, 'meeting', { quantity: 20, localDate: date });
  await inLedger(fits);
  expect((await heldOf())[fits.data.activity_id]).toBe(false);
  // And the day is at its ceiling now: one more is held.
  const above = await logActivity(bus, clock, user.user_id, 'meeting', { quantity: 1, localDate: date });
  await inLedger(above);
  expect((await heldOf())[above.data.activity_id]).toBe(true);
  expect(await dayTotals(user.user_id, date)).toEqual([{ activity_type: 'meeting', quantity: 20 }]);
});

it('waits for the entry’s log when the deletion arrives first, then reverses it', async () => {
  const date = onDay(36);
  const user = await registerWarrior(gamification);
  const logged = activityLogged(user.user_id, 'email', clock.now().toISOString(), { localDate: date });
  await deleteEntry(logged);
  await bus.publish(logged);
  await eventuallyPasses(async () => expect((await ledgerRows(user.user_id)).map((r) => r.source)).toEqual(['activity', 'reversal']));
  await eventuallyPasses(async () => expect(await boards(user.user_id, date)).toEqual({ day: 0, week: 0, alltime: 0 }));
});
