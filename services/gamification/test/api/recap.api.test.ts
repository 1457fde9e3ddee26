import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  BUS_QUESTIONS,
  CompletedGoalsRequest,
  pointsFor,
  RECAP_MESSAGES,
  RecapNoticeList,
  WeeklyRecap,
  type ActivityType,
  type CompletedGoalsReply,
  type UserProjection,
} from '@warriors/contracts';
import { fixedClock, inProcessLeaderboard, type Bus, type Subscription } from '@warriors/kit';
import { eventually, quietWeekRecap, startServiceOnNats, type ServiceUnderTest } from '@warriors/test-support';
import { createGamificationService } from '../../src';
import type { GamificationDatabase } from '../../src/store/schema';
import { registerWarrior } from '../support/harness';

jest.setTimeout(60_000);

/**
 * GET /api/recap/weekly and the bell's recap notices on real PostgreSQL and NATS JetStream (a stream
 * of this file's own), the activities arriving as activity.logged events and the test playing
 * campaigns on its request subject. Each test recaps weeks of its own, so boards never mix.
 */
let gamification: ServiceUnderTest<Bus>;
let played: Subscription;
const clock = fixedClock('2031-01-01T00:00:00Z');
/** What the played campaigns answers per user; a user absent from the map never gets an answer. */
const completions = new Map<string, CompletedGoalsReply>();
const db = () => gamification.database.db as Kysely<GamificationDatabase>;

beforeAll(async () => {
  gamification = await startServiceOnNats({ name: 'gamification', clock, create: (ports) => createGamificationService({ ...ports, leaderboard: inProcessLeaderboard(clock) }) });
  played = await gamification.bus.reply(BUS_QUESTIONS.completedGoals.subject, async (payload) => {
    const { user_id, from, to } = CompletedGoalsRequest.parse(payload);
    const goals = completions.get(user_id);
    // A user without an entry plays campaigns away: the request times out.
    if (!goals) return new Promise<never>(() => undefined);
    return goals.filter((goal) => goal.completed_at >= from && goal.completed_at < to);
  });
});

afterAll(async () => {
  await played?.stop();
  await gamification?.close();
});

async function register(overrides: Partial<UserProjection> = {}, goals: CompletedGoalsReply = []) {
  const user = await registerWarrior(gamification, overrides);
  completions.set(user.user_id, goals);
  return user;
}

/** A user id that sorts first or last among ties (ids compare as bytes, as the boards' sorted sets order them). */
const idStarting = (digit: string) => `${digit}${randomUUID().slice(1)}`;

/** Logs at `at` (the clock moves there: badges are earned at the time their activity is applied) and waits for the ledger to hold it. */
async function logAt(userId: string, type: ActivityType, quantity: number, at: string, localDate: string, timezone = 'America/Chicago') {
  clock.set(at);
  const activityId = randomUUID();
  await gamification.bus.publish({
    id: randomUUID(),
    type: 'activity.logged',
    v: 1,
    occurredAt: at,
    data: { activity_id: activityId, user_id: userId, activity_type: type, quantity, points: pointsFor(type, quantity), occurred_at: at, local_date: localDate, timezone },
  });
  await eventually(`the ledger holding ${activityId}`, async () =>
    (await db().withSchema('gamification').selectFrom('ledger').select('id').where('source_id', '=', activityId).executeTakeFirst()) ? true : undefined,
  );
}

async function recap(token: string): Promise<WeeklyRecap> {
  const reply = await gamification.call('GET', '/api/recap/weekly', { token });
  expect(reply.status).toBe(200);
  return WeeklyRecap.parse(reply.body);
}

describe('GET /api/recap/weekly', () => {
  it('recaps a Chicago broker’s DST week (Mon 3 – Sun 9 March 2031, 167 hours) against the week before, to the last hour of its Sunday', async () => {
    const me = await register({ user_id: idStarting('8'), timezone: 'America/Chicago' }, [
      { name: 'Power Week', completed_at: '2031-02-27T18:00:00.000Z' },
      // 23:30 on Sunday 2 March in Chicago (CST): the week before.
      { name: 'Sprint Week', completed_at: '2031-03-03T05:30:00.000Z' },
      { name: 'Email Marathon', completed_at: '2031-03-05T18:00:00.000Z' },
      // 23:30 on Sunday 9 March (CDT since 02:00): still the recapped week.
      { name: 'Doorknock Blitz', completed_at: '2031-03-10T04:30:00.000Z' },
      // 00:30 on Monday 10 March: this week, not recapped yet.
      { name: 'Mail Master', completed_at: '2031-03-10T05:30:00.000Z' },
    ]);
    const ahead = await register({ timezone: 'America/New_York' });
    const tiedAbove = await register({ user_id: idStarting('f') });
    const tiedBelow = await register({ user_id: idStarting('0') });
    const hidden = await register({ show_on_leaderboard: false });

    // The week before: 20 points on Tuesday and on Wednesday (the earlier is its best day); the first meeting's badge.
    await logAt(me.user_id, 'cold_call', 20, '2031-02-25T15:00:00Z', '2031-02-25');
    await logAt(me.user_id, 'meeting', 2, '2031-02-26T15:00:00Z', '2031-02-26');
    await logAt(tiedAbove.user_id, 'meeting', 5, '2031-02-26T16:00:00Z', '2031-02-26', 'UTC');
    // The recapped week: 50, 50 and, in the last half hour of Sunday, 60 points.
    await logAt(me.user_id, 'cold_call', 50, '2031-03-04T15:00:00Z', '2031-03-04');
    await logAt(me.user_id, 'meeting', 5, '2031-03-06T15:00:00Z', '2031-03-06');
    await logAt(me.user_id, 'doorknock', 20, '2031-03-10T04:30:00Z', '2031-03-09');
    // Monday 00:30 in Chicago: this week's, in nothing recapped.
    await logAt(me.user_id, 'live_conversation', 10, '2031-03-10T05:30:00Z', '2031-03-10');
    await logAt(ahead.user_id, 'meeting', 20, '2031-03-05T15:00:00Z', '2031-03-05', 'America/New_York');
    for (const rival of [tiedAbove, tiedBelow]) await logAt(rival.user_id, 'meeting', 16, '2031-03-05T16:00:00Z', '2031-03-05', 'UTC');
    await logAt(hidden.user_id, 'deal_closed', 3, '2031-03-05T17:00:00Z', '2031-03-05', 'UTC');

    // Monday 10 March, 08:00 in Chicago.
    clock.set('2031-03-10T13:00:00Z');
    expect(await recap(me.token)).toEqual({
      timezone: 'America/Chicago',
      week: { start: '2031-03-03', end: '2031-03-09' },
      previous_week: { start: '2031-02-24', end: '2031-03-02' },
      points: { value: 160, previous: 40, change: 120 },
      logs: { value: 75, previous: 22, change: 53 },
      logs_by_type: [
        { activity_type: 'cold_call', value: 50, previous: 20, change: 30 },
        { activity_type: 'meeting', value: 5, previous: 2, change: 3 },
        { activity_type: 'doorknock', value: 20, previous: 0, change: 20 },
      ],
      best_day: { value: { date: '2031-03-09', points: 60 }, previous: { date: '2031-02-25', points: 20 } },
      goals_completed: { value: 2, previous: 2, change: 0, names: ['Email Marathon', 'Doorknock Blitz'] },
      badges_earned: {
        value: 5,
        previous: 1,
        change: 4,
        badges: [
          { badge_type: 'daily_victory', name: 'Daily Victory' },
          { badge_type: 'call_crusher', name: 'Call Crusher' },
          { badge_type: 'daily_victory', name: 'Daily Victory' },
          { badge_type: 'daily_victory', name: 'Daily Victory' },
          { badge_type: 'door_dominator', name: 'Door Dominator' },
        ],
      },
      // 200 ahead, then the tie of 160 by id (the hidden 150 left out); the week before only 50 was above 40.
      rank: { value: 3, previous: 2, change: -1 },
    });

    // Each broker reads their own recap, on their own days.
    const theirs = await recap(ahead.token);
    expect(theirs).toMatchObject({ timezone: 'America/New_York', points: { value: 200, previous: 0 }, rank: { value: 1, previous: null, change: null } });
    expect((await recap(tiedBelow.token)).rank).toEqual({ value: 4, previous: null, change: null });
    expect((await recap(hidden.token)).rank).toEqual({ value: null, previous: null, change: null });

    // Sunday 23:59 in Chicago: the week is not over, so the week before is recapped still.
    clock.set('2031-03-10T04:59:00Z');
    expect((await recap(me.token)).week).toEqual({ start: '2031-02-24', end: '2031-03-02' });
  });

  it('recaps each broker’s own last local week at one instant: Monday in Tokyo is still Sunday in Los Angeles', async () => {
    const tokyo = await register({ timezone: 'Asia/Tokyo' });
    const losAngeles = await register({ timezone: 'America/Los_Angeles' });
    await logAt(tokyo.user_id, 'email', 7, '2031-06-01T05:00:00Z', '2031-06-01', 'Asia/Tokyo');
    await logAt(losAngeles.user_id, 'email', 3, '2031-05-25T20:00:00Z', '2031-05-25', 'America/Los_Angeles');

    // 11:00 on Monday 2 June in Tokyo, 19:00 on Sunday 1 June in Los Angeles.
    clock.set('2031-06-02T02:00:00Z');
    expect(await recap(tokyo.token)).toMatchObject({ week: { start: '2031-05-26', end: '2031-06-01' }, points: { value: 7, previous: 0, change: 7 }, rank: { value: 1 } });
    expect(await recap(losAngeles.token)).toMatchObject({ week: { start: '2031-05-19', end: '2031-05-25' }, points: { value: 3, previous: 0, change: 3 } });
  });

  it('gives a broker with no activity a valid recap of zeros', async () => {
    const newcomer = await register({ timezone: 'Europe/Berlin' });
    clock.set('2031-09-01T10:00:00Z');
    expect(await recap(newcomer.token)).toEqual(quietWeekRecap('Europe/Berlin', '2031-08-25'));
  });

  it('answers 503 {detail} while campaigns does not answer, and 401 without a token', async () => {
    const user = await registerWarrior(gamification);
    const reply = await gamification.call('GET', '/api/recap/weekly', { token: user.token });
    expect(reply).toEqual({ status: 503, body: { detail: 'Goals are unavailable for a moment. Please try again.' } });
    expect(await gamification.call('GET', '/api/recap/weekly')).toEqual({ status: 401, body: { detail: 'Not authenticated' } });
  });
});

describe('the weekly recap asked on the bus (the mail service’s Monday mail)', () => {
  const ask = async (userId: string) => WeeklyRecap.parse(await gamification.bus.request(BUS_QUESTIONS.weeklyRecap.subject, { user_id: userId }, 5000));

  it('answers a broker the recap GET /api/recap/weekly gives them, of their own last local week', async () => {
    // Mon 14 – Sun 20 April 2031 in Tokyo, against 7 – 13 April.
    const me = await register({ timezone: 'Asia/Tokyo' }, [
      { name: 'Sprint Week', completed_at: '2031-04-09T03:00:00.000Z' },
      { name: 'Email Marathon', completed_at: '2031-04-16T03:00:00.000Z' },
    ]);
    await logAt(me.user_id, 'cold_call', 20, '2031-04-08T01:00:00Z', '2031-04-08', 'Asia/Tokyo');
    await logAt(me.user_id, 'meeting', 3, '2031-04-16T01:00:00Z', '2031-04-16', 'Asia/Tokyo');
    await logAt(me.user_id, 'email', 4, '2031-04-18T01:00:00Z', '2031-04-18', 'Asia/Tokyo');

    // 05:00 on Monday 21 April in Tokyo, still Sunday 20:00 in UTC.
    clock.set('2031-04-20T20:00:00Z');
    const answered = await ask(me.user_id);
    expect(answered).toMatchObject({
      timezone: 'Asia/Tokyo',
      week: { start: '2031-04-14', end: '2031-04-20' },
      previous_week: { start: '2031-04-07', end: '2031-04-13' },
      points: { value: 34, previous: 20, change: 14 },
      logs: { value: 7, previous: 20, change: -13 },
      best_day: { value: { date: '2031-04-16', points: 30 }, previous: { date: '2031-04-08', points: 20 } },
      goals_completed: { value: 1, previous: 1, change: 0, names: ['Email Marathon'] },
      rank: { value: 1, previous: 1, change: 0 },
    });
    expect(answered).toEqual(await recap(me.token));
  });

  it('answers a user gamification does not know a quiet week in UTC, and fails while campaigns does not answer or the request is not the contract’s', async () => {
    const stranger = randomUUID();
    completions.set(stranger, []);
    // Monday 00:30 in UTC: the week that ended at midnight.
    clock.set('2031-05-05T00:30:00Z');
    expect(await ask(stranger)).toEqual(quietWeekRecap('UTC', '2031-04-28'));

    const away = await registerWarrior(gamification);
    await expect(ask(away.user_id)).rejects.toThrow(RECAP_MESSAGES.goalsUnavailable);
    await expect(gamification.bus.request(BUS_QUESTIONS.weeklyRecap.subject, { id: stranger }, 2000)).rejects.toThrow();
  });
});

describe('the bell’s recap notices', () => {
  const notices = async (token: string) => {
    const reply = await gamification.call('GET', '/api/recap/notices', { token });
    expect(reply.status).toBe(200);
    return RecapNoticeList.parse(reply.body);
  };
  const noticeRows = (userId: string) => db().withSchema('gamification').selectFrom('recap_notices').selectAll().where('user_id', '=', userId).execute();

  it('makes exactly one notice a week on the first bell read, however many reads race, and a new one the next Monday', async () => {
    const user = await register({ timezone: 'America/Chicago' });
    // Monday 17 November 2031, 00:05 in Chicago.
    clock.set('2031-11-17T06:05:00Z');
    const reads = await Promise.all(Array.from({ length: 8 }, () => notices(user.token)));
    const notice = { id: '2031-11-10', kind: 'weekly_recap', week: { start: '2031-11-10', end: '2031-11-16' }, created_at: '2031-11-17T06:05:00.000Z', is_read: false };
    for (const read of reads) expect(read).toEqual([notice]);
    expect(await noticeRows(user.user_id)).toHaveLength(1);

    // Later that week the same notice, made at the first read.
    clock.set('2031-11-20T15:00:00Z');
    expect(await notices(user.token)).toEqual([notice]);

    // The next Monday, the next week's.
    clock.set('2031-11-24T07:00:00Z');
    expect(await notices(user.token)).toEqual([{ ...notice, id: '2031-11-17', week: { start: '2031-11-17', end: '2031-11-23' }, created_at: '2031-11-24T07:00:00.000Z' }]);
    expect(await noticeRows(user.user_id)).toHaveLength(2);
  });

  it('marks the caller’s own notice read once; anyone else’s, a week without one and a malformed id are 404', async () => {
    const user = await register();
    const other = await register();
    clock.set('2031-12-01T12:00:00Z');
    const [notice] = await notices(user.token);
    expect(notice).toMatchObject({ id: '2031-11-24', is_read: false });

    // Another broker cannot read it, even with a notice of the same week of their own.
    await notices(other.token);
    const notFound = { status: 404, body: { detail: 'Recap notice not found' } };
    expect(await gamification.call('PUT', '/api/recap/notices/2031-11-24/read', { token: other.token })).toEqual({ status: 200, body: expect.objectContaining({ is_read: true }) });
    expect((await notices(user.token))[0]!.is_read).toBe(false);
    expect(await gamification.call('PUT', '/api/recap/notices/2031-11-17/read', { token: user.token })).toEqual(notFound);
    expect(await gamification.call('PUT', '/api/recap/notices/not-a-week/read', { token: user.token })).toEqual(notFound);
    expect(await gamification.call('PUT', '/api/recap/notices/2031-11-24/read')).toEqual({ status: 401, body: { detail: 'Not authenticated' } });

    const read = await gamification.call('PUT', '/api/recap/notices/2031-11-24/read', { token: user.token });
    expect(read).toEqual({ status: 200, body: { ...notice, is_read: true } });
    clock.set('2031-12-02T12:00:00Z');
    expect(await gamification.call('PUT', '/api/recap/notices/2031-11-24/read', { token: user.token })).toEqual(read);
    const [row] = await noticeRows(user.user_id);
    expect(row!.read_at).toEqual(new Date('2031-12-01T12:00:00Z'));
  });

  it('forgets a deleted broker’s notices and makes none for them afterwards', async () => {
    const user = await register();
    clock.set('2031-12-08T12:00:00Z');
    expect(await notices(user.token)).toHaveLength(1);
    await gamification.bus.publish({ id: randomUUID(), type: 'user.deleted', v: 1, occurredAt: new Date().toISOString(), data: { user_id: user.user_id } });
    await eventually('the deletion applied', async () => ((await noticeRows(user.user_id)).length === 0 ? true : undefined));
    expect((await gamification.call('GET', '/api/recap/notices', { token: user.token })).status).toBe(401);
    expect(await noticeRows(user.user_id)).toEqual([]);
  });
});
