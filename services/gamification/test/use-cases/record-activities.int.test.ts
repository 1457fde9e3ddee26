import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { Pool } from 'pg';
import { addDays, pointsFor, type ActivityType, type EventOf, type LocalDate } from '@warriors/contracts';
import { createLogger, createMemoryBus, createOutbox, fixedClock, migrate, type Database, type Outbox } from '@warriors/kit';
import { bothDatabases, createTestDatabase } from '@warriors/test-support';
import { inSchema, SCHEMA, type Executor, type GamificationDatabase } from '../../src/store/schema';
import { projectedUsers } from '../../src/store/users.store';
import { recordActivities, recordActivity, type RecordOutcome } from '../../src/use-cases/record-activity';
import { getUserStats } from '../../src/use-cases/get-user-stats.use-case';

type ActivityLogged = EventOf<'activity.logged'>;

const MIGRATIONS = path.resolve(__dirname, '../../migrations');
const DAY = '2030-03-13';

function activity(userId: string, date: LocalDate, type: ActivityType, quantity: number): ActivityLogged {
  return {
    id: randomUUID(),
    type: 'activity.logged',
    v: 1,
    occurredAt: `${date}T15:00:00.000Z`,
    data: {
      activity_id: randomUUID(),
      user_id: userId,
      activity_type: type,
      quantity,
      points: pointsFor(type, quantity),
      occurred_at: `${date}T15:00:00.000Z`,
      local_date: date,
      timezone: 'UTC',
    },
  };
}

/** Migrates the database and answers an outbox whose relay is stopped: enqueued events stay in its table for the tests to read. */
async function prepare(database: Database): Promise<Outbox> {
  await migrate(database, SCHEMA, MIGRATIONS, { shared: projectedUsers.migrations });
  const outbox = createOutbox({ database, schema: SCHEMA, bus: createMemoryBus(), logger: createLogger('record-activities-test', 'silent') });
  await outbox.start();
  await outbox.stop();
  return outbox;
}

/** Outcomes without the ids and times that differ between runs. */
const summary = (outcomes: RecordOutcome[]) =>
  outcomes.map((o) => (o.kind === 'applied' ? { kind: o.kind, badges: o.badges.map((b) => `${b.badge_type} x${b.repeat_count}`) } : { kind: o.kind }));

describe.each(bothDatabases('gamification'))('recordActivities on %s', (_name, open) => {
  let database: Database;
  let drop: () => Promise<void>;
  let db: Executor;
  let outbox: Outbox;
  const deps = () => ({ db, outbox, dailyGoalPoints: 50 });
  const at = new Date(`${DAY}T16:00:00Z`);

  beforeAll(async () => {
    ({ database, drop } = await open());
    db = database.db as Executor;
    outbox = await prepare(database);
  });

  afterAll(() => drop());

  async function register(userId: string): Promise<void> {
    await inSchema(db)
      .insertInto('users')
      .values({
        user_id: userId,
        name: 'W',
        username: userId,
        profile_picture: null,
        company: null,
        city: null,
        state: null,
        timezone: 'UTC',
        show_on_leaderboard: true,
        profile_public: true,
        streak_mode: 'daily',
        last_activity_at: null,
        event_at: at,
      })
      .execute();
  }

  /** Everything the events changed for these users, each named by its place in `userIds` and listed in that order. */
  async function stateOf(userIds: string[]) {
    const named = <T extends { user_id: string }>(rows: T[]) =>
      rows.map((row) => ({ ...row, user_id: `user${userIds.indexOf(row.user_id)}` })).sort((x, y) => x.user_id.localeCompare(y.user_id));
    const totals = await inSchema(db).selectFrom('daily_totals').selectAll().where('user_id', 'in', userIds).orderBy('local_date').orderBy('activity_type').execute();
    const ledger = await inSchema(db)
      .selectFrom('ledger')
      .select(['user_id', sql<number>`count(*)::int`.as('rows')])
      .where('user_id', 'in', userIds)
      .groupBy('user_id')
      .execute();
    const users = await inSchema(db).selectFrom('users').select(['user_id', 'last_activity_at']).where('user_id', 'in', userIds).execute();
    const badges = await inSchema(db)
      .selectFrom('user_badges')
      .select(['user_id', 'badge_type', 'cycle_key'])
      .where('user_id', 'in', userIds)
      .orderBy('badge_type')
      .orderBy('cycle_key')
      .execute();
    const eventsOf = async <T extends 'badge.earned' | 'points.awarded' | 'streak.changed'>(type: T) =>
      (
        await sql<{ event: EventOf<T> }>`
      select event from ${sql.table(`${SCHEMA}.outbox`)} where event->>'type' = ${type} and event->'data'->>'user_id' in (${sql.join(userIds)}) order by seq`.execute(db)
      ).rows.map((row) => row.event);
    const earned = await eventsOf('badge.earned');
    const awarded = await eventsOf('points.awarded');
    const streaks = await eventsOf('streak.changed');
    return {
      totals: named(totals),
      ledger: named(ledger),
      lastActivity: named(users.map((u) => ({ user_id: u.user_id, at: u.last_activity_at?.toISOString() ?? null }))),
      badges: named(badges),
      earnedEvents: named(earned.map((event) => ({ user_id: event.data.user_id, badge: `${event.data.badge_type} x${event.data.repeat_count}` }))),
      awardedEvents: named(awarded.map(({ data }) => ({ user_id: data.user_id, points: data.points, local_date: data.local_date }))),
      streakEvents: named(streaks.map(({ data }) => ({ ...data }))),
    };
  }

  /**
   * Ana is one day short of a seven-day streak and 5 calls short of call_crusher on the day before
   * DAY; Ben is 10 calls short of it on DAY; Gil is deleted. The batch delivers their events
   * interleaved, with copies: a second delivery of an event, the same activity under a new event id,
   * an event applied before.
   */
  async function scenario() {
    const [ana, ben, gil] = [randomUUID(), randomUUID(), randomUUID()];
    await Promise.all([register(ana), register(ben)]);
    await inSchema(db).insertInto('deleted_users').values({ user_id: gil, deleted_at: at }).execute();
    const before = [
      ...[6, 5, 4, 3, 2].map((daysBefore) => activity(ana, addDays(DAY, -daysBefore), 'email', 1)),
      activity(ana, addDays(DAY, -1), 'cold_call', 45),
      activity(ben, DAY, 'cold_call', 40),
    ];
    const a1 = activity(ana, addDays(DAY, -1), 'cold_call', 3);
    const b1 = activity(ben, DAY, 'cold_call', 10);
    const a2 = activity(ana, addDays(DAY, 1), 'meeting', 1);
    const g1 = activity(gil, DAY, 'meeting', 1);
    const a3 = activity(ana, addDays(DAY, -1), 'cold_call', 3);
    const a4 = activity(ana, DAY, 'cold_call', 50);
    const a5 = { ...a1, id: randomUUID() };
    const a6 = activity(ana, DAY, 'cold_call', 1);
    const batch = [a1, b1, a2, g1, a3, a4, { ...a4 }, before[0]!, a5, a6, g1];
    return { users: [ana, ben, gil], before, batch };
  }

  it('applies a batch as its events one at a time: the same outcomes, totals, badges and badge.earned, points.awarded and streak.changed events', async () => {
    const batched = await scenario();
    await recordActivities(deps(), batched.before, at);
    const outcomes = await recordActivities(deps(), batched.batch, at);

    const single = await scenario();
    await recordActivities(deps(), single.before, at);
    const oneByOne: RecordOutcome[] = [];
    for (const event of single.batch) oneByOne.push(await recordActivity(deps(), event, at));

    expect(summary(outcomes)).toEqual([
      { kind: 'applied', badges: [] }, // ana: 48 calls the day before
      { kind: 'applied', badges: ['daily_victory x1', 'call_crusher x1'] }, // ben: 50 calls
      { kind: 'applied', badges: ['first_meeting x1'] }, // ana, the day after: her streak there is 1
      { kind: 'deleted-user' },
      { kind: 'applied', badges: ['daily_victory x1', 'call_crusher x1'] }, // ana: 51 calls the day before
      // ana: 50 calls on DAY, the 7th day in a row, her 101st call
      { kind: 'applied', badges: ['daily_victory x2', 'call_crusher x2', 'seven_day_streak x1', '100_calls x1'] },
      { kind: 'duplicate' }, // the same event again
      { kind: 'duplicate' }, // applied in an earlier batch
      { kind: 'duplicate' }, // a1's activity under a new event id
      { kind: 'applied', badges: [] }, // ana's 51st call on DAY: held already
      { kind: 'deleted-user' },
    ]);
    expect(summary(oneByOne)).toEqual(summary(outcomes));
    const state = await stateOf(batched.users);
    expect(await stateOf(single.users)).toEqual(state);
    expect(state.totals.filter((t) => t.user_id === 'user0' && t.activity_type === 'cold_call')).toEqual([
      { user_id: 'user0', local_date: addDays(DAY, -1), activity_type: 'cold_call', quantity: 51, points: 51 },
      { user_id: 'user0', local_date: DAY, activity_type: 'cold_call', quantity: 51, points: 51 },
    ]);
    expect(state.ledger).toEqual([
      { user_id: 'user0', rows: 11 },
      { user_id: 'user1', rows: 2 },
    ]);
    expect(state.lastActivity).toEqual([
      { user_id: 'user0', at: `${addDays(DAY, 1)}T15:00:00.000Z` },
      { user_id: 'user1', at: `${DAY}T15:00:00.000Z` },
    ]);
    expect(state.earnedEvents).toHaveLength(9);
    // One points.awarded per ledger row (none held here), none for the deleted user.
    expect(state.awardedEvents.filter((e) => e.user_id === 'user0')).toHaveLength(11);
    expect(state.awardedEvents.filter((e) => e.user_id === 'user1')).toEqual([
      { user_id: 'user1', points: 40, local_date: DAY },
      { user_id: 'user1', points: 10, local_date: DAY },
    ]);
    expect(state.streakEvents.filter((e) => e.user_id === 'user1')).toEqual([{ user_id: 'user1', local_date: DAY, previous_streak_days: 0, streak_days: 1 }]);
    // Ana's first points of DAY+1 (nothing on DAY yet) start a streak; her first of DAY make it 7; the day before had points already.
    expect(state.streakEvents.filter((e) => e.user_id === 'user0')).toHaveLength(8);
    expect(state.streakEvents.filter((e) => e.user_id === 'user0').slice(-2)).toEqual([
      { user_id: 'user0', local_date: addDays(DAY, 1), previous_streak_days: 0, streak_days: 1 },
      { user_id: 'user0', local_date: DAY, previous_streak_days: 6, streak_days: 7 },
    ]);

    // Delivered again, the whole batch changes nothing.
    const again = await recordActivities(deps(), batched.batch, at);
    expect(summary(again)).toEqual(summary(outcomes).map((o) => (o.kind === 'applied' ? { kind: 'duplicate' } : o)));
    expect(await stateOf(batched.users)).toEqual(state);
  });

  it('runs four batches sharing users side by side without a deadlock or a missed threshold', async () => {
    const users = [randomUUID(), randomUUID(), randomUUID()];
    await Promise.all(users.map(register));
    // Each batch brings every user 13 calls, users in another order each time: the fourth to apply reaches 52.
    const batches = [0, 1, 2, 3].map((n) => [...users.slice(n % 3), ...users.slice(0, n % 3)].reverse().map((user) => activity(user, DAY, 'cold_call', 13)));
    const outcomes = (await Promise.all(batches.map((batch) => recordActivities(deps(), batch, at)))).flat();

    const crushers = outcomes.flatMap((o, i) => (o.kind === 'applied' && o.badges.some((b) => b.badge_type === 'call_crusher') ? [batches.flat()[i]!.data.user_id] : []));
    expect(crushers.sort()).toEqual([...users].sort());
    const totals = await inSchema(db).selectFrom('daily_totals').select(['quantity']).where('user_id', 'in', users).execute();
    expect(totals).toEqual([{ quantity: 52 }, { quantity: 52 }, { quantity: 52 }]);
  });

  it('holds the entries above a daily ceiling: kept in the ledger, off the daily totals and badges, still held when redelivered', async () => {
    const user = randomUUID();
    await register(user);
    const deals = [1, 1, 1, 2].map((quantity) => activity(user, DAY, 'deal_closed', quantity));
    const meeting = activity(user, DAY, 'meeting', 1);
    const outcomes = await recordActivities(deps(), [...deals, meeting], at);
    expect(outcomes.map((o) => o.kind)).toEqual(['applied', 'applied', 'applied', 'held', 'applied']);
    expect(outcomes[3]).toEqual({
      kind: 'held',
      message: 'Held for your confirmation: 5 Deals Closed today is above the daily limit of 3. Confirm this entry to add its 100 points to the leaderboards.',
      streak: 1,
    });
    const state = await stateOf([user]);
    expect(state.ledger).toEqual([{ user_id: 'user0', rows: 5 }]);
    expect(state.totals.map((t) => [t.activity_type, t.quantity, t.points])).toEqual([
      ['deal_closed', 3, 150],
      ['meeting', 1, 10],
    ]);
    const held = await inSchema(db).selectFrom('ledger').select('source_id').where('user_id', '=', user).where('held', '=', true).execute();
    expect(held).toEqual([{ source_id: deals[3]!.data.activity_id }]);
    // The held entry awards no points (until its broker confirms it).
    expect(state.awardedEvents.map((e) => e.points)).toEqual([50, 50, 50, 10]);

    // The day stays above its ceiling, and a redelivery of the held event is not taken for an applied one.
    const [later, redelivered, again] = await recordActivities(deps(), [activity(user, DAY, 'deal_closed', 1), { ...deals[3]!, id: randomUUID() }, deals[0]!], at);
    expect(later!.kind).toBe('held');
    expect(redelivered).toEqual({ kind: 'duplicate', held: true });
    expect(again).toEqual({ kind: 'duplicate', held: false });
  });

  it('answers each entry with the streak /me shows once the batch is in, a late entry of yesterday judged with today', async () => {
    const [ana, ben] = [randomUUID(), randomUUID()];
    await Promise.all([register(ana), register(ben)]);
    await recordActivities(deps(), [activity(ana, addDays(DAY, -2), 'email', 1), activity(ana, DAY, 'email', 1)], at);
    // Ana's entry of yesterday arrives after today's; Ben's fourth deal of the day is above the ceiling of 3: held.
    const outcomes = await recordActivities(deps(), [activity(ana, addDays(DAY, -1), 'email', 1), activity(ben, DAY, 'deal_closed', 3), activity(ben, DAY, 'deal_closed', 1)], at);
    expect(outcomes.map((o) => [o.kind, 'streak' in o ? o.streak : null])).toEqual([
      ['applied', 3],
      ['applied', 1],
      ['held', 1],
    ]);
    const userStats = getUserStats({ db, clock: fixedClock(at), dailyGoalPoints: 50 });
    expect((await userStats(ana)).streak_days).toBe(3);
    expect((await userStats(ben)).streak_days).toBe(1);
  });

  it("lets exactly the ceiling through when batches of one user's entries race", async () => {
    const user = randomUUID();
    await register(user);
    const batches = Array.from({ length: 8 }, () => Array.from({ length: 5 }, () => activity(user, DAY, 'deal_closed', 1)));
    const outcomes = (await Promise.all(batches.map((batch) => recordActivities(deps(), batch, at)))).flat();
    expect(outcomes.filter((o) => o.kind === 'applied')).toHaveLength(3);
    expect(outcomes.filter((o) => o.kind === 'held')).toHaveLength(37);
    const state = await stateOf([user]);
    expect(state.totals.map((t) => [t.activity_type, t.quantity, t.points])).toEqual([['deal_closed', 3, 150]]);
  });
});

describe('recordActivities statements on PostgreSQL', () => {
  let test: Awaited<ReturnType<typeof createTestDatabase>>;
  let pool: Pool;
  let db: Executor;
  let outbox: Outbox;
  const statements: string[] = [];
  const at = new Date(`${DAY}T16:00:00Z`);

  beforeAll(async () => {
    test = await createTestDatabase('gamification');
    outbox = await prepare(test.database);
    // Every statement the pool's clients send, BEGIN and COMMIT included.
    pool = new Pool({ connectionString: test.url, max: 1 });
    pool.on('connect', (client) => {
      const query = client.query.bind(client) as (text: string, params?: unknown[]) => Promise<unknown>;
      (client as unknown as { query: typeof query }).query = (text, params) => {
        statements.push(text);
        return query(text, params);
      };
    });
    db = new Kysely<GamificationDatabase>({ dialect: new PostgresDialect({ pool }) });
  });

  afterAll(async () => {
    await db.destroy();
    await test.drop();
  });

  const recorded = async (events: ActivityLogged[]) => {
    statements.length = 0;
    const outcomes = await recordActivities({ db, outbox, dailyGoalPoints: 50 }, events, at);
    return { outcomes, statements: [...statements] };
  };
  const opening = (statement: string) => statement.trim().split(/\s+/).slice(0, 2).join(' ');

  it('applies a batch in six statements whatever its size (one outbox insert for all its events), two more when badges are earned', async () => {
    const users = [randomUUID(), randomUUID(), randomUUID()];
    const one = await recorded([activity(users[0]!, DAY, 'email', 1)]);
    expect(one.statements.map(opening)).toEqual(['begin', 'with locked', 'with doc', 'with batch', 'insert into', 'commit']);
    const many = await recorded(Array.from({ length: 20 }, (_, i) => activity(users[i % 3]!, addDays(DAY, i % 2), 'email', 1)));
    // The same texts for any batch: the client compiles nothing and PostgreSQL plans small statements.
    expect(many.statements).toEqual(one.statements);

    const badges = await recorded([activity(users[0]!, DAY, 'meeting', 1), activity(users[1]!, DAY, 'cold_call', 50), activity(users[2]!, DAY, 'email', 1)]);
    expect(summary(badges.outcomes)).toEqual([
      { kind: 'applied', badges: ['first_meeting x1'] },
      { kind: 'applied', badges: ['daily_victory x1', 'call_crusher x1'] },
      { kind: 'applied', badges: [] },
    ]);
    expect(badges.statements.map(opening)).toEqual([
      'begin',
      'with locked',
      'with doc',
      'with batch',
      'insert into',
      'select "user_id",',
      // The points, streaks and badges of the whole batch, in one statement.
      'insert into',
      'commit',
    ]);
  });
});
