import { isWeekday, localDate } from '@warriors/contracts';
import { MAX_STREAK_FREEZES, streakChangesOfBatch, streakOf, streakRule, streaksAfterBatch, type StreakDay, type StreakRule } from '../../src/domain/streak';

const GOAL = 50;
const DAILY = streakRule('daily', GOAL);
const WEEKDAYS = streakRule('weekdays', GOAL);
/** A worked day below a freeze's points. */
const ORDINARY = 10;
/** Twice the daily goal: a freeze. */
const BIG = 2 * GOAL;

const worked = (dates: readonly string[], points = ORDINARY): StreakDay[] => dates.map((local_date) => ({ local_date, points }));
/** The daily streak of days worked below a freeze's points: the plain rule. */
const streakDays = (dates: readonly string[], today: string, rule: StreakRule = DAILY) => streakOf(worked(dates), today, rule).streak_days;
const dailyRule = () => DAILY;

describe('streakOf without freezes, every day counting', () => {
  it('counts consecutive days ending today', () => {
    expect(streakDays(['2025-03-08', '2025-03-09', '2025-03-10'], '2025-03-10')).toBe(3);
  });

  it('keeps the streak when the last log was yesterday', () => {
    expect(streakDays(['2025-03-08', '2025-03-09'], '2025-03-10')).toBe(2);
  });

  it('is zero when the last log was the day before yesterday', () => {
    expect(streakDays(['2025-03-07', '2025-03-08'], '2025-03-10')).toBe(0);
  });

  it('stops at the first gap and ignores duplicates and order', () => {
    expect(streakDays(['2025-03-10', '2025-03-05', '2025-03-09', '2025-03-09', '2025-03-07', '2025-03-08'], '2025-03-10')).toBe(4);
  });

  it('runs across month and year ends and a leap day', () => {
    expect(streakDays(['2023-12-31', '2024-01-01'], '2024-01-01')).toBe(2);
    expect(streakDays(['2024-02-28', '2024-02-29', '2024-03-01'], '2024-03-01')).toBe(3);
  });

  it('is zero with no activity', () => {
    expect(streakDays([], '2025-03-10')).toBe(0);
  });
});

describe('streaks in the user timezone', () => {
  const dayIn = (iso: string, zone: string) => localDate(new Date(iso), zone);

  it('puts logs either side of local midnight on two days, though they are an hour apart', () => {
    const zone = 'America/New_York';
    const late = dayIn('2025-06-11T03:30:00Z', zone); // 23:30 on the 10th in New York
    const early = dayIn('2025-06-11T04:30:00Z', zone); // 00:30 on the 11th
    expect([late, early]).toEqual(['2025-06-10', '2025-06-11']);
    expect(streakDays([late, early], dayIn('2025-06-11T12:00:00Z', zone))).toBe(2);
  });

  it('keeps one local day together although UTC changes date within it', () => {
    const zone = 'Asia/Tokyo';
    const dates = [dayIn('2025-06-10T15:30:00Z', zone), dayIn('2025-06-11T14:00:00Z', zone)];
    expect(dates).toEqual(['2025-06-11', '2025-06-11']);
    expect(streakDays(dates, '2025-06-11')).toBe(1);
  });

  it('counts the 23-hour and 25-hour days of DST changes as one day each', () => {
    const zone = 'America/New_York';
    // Clocks spring forward on 2025-03-09 and fall back on 2025-11-02.
    const spring = ['2025-03-08T23:00:00-05:00', '2025-03-09T23:30:00-04:00', '2025-03-10T00:30:00-04:00'].map((t) => dayIn(t, zone));
    expect(spring).toEqual(['2025-03-08', '2025-03-09', '2025-03-10']);
    expect(streakDays(spring, '2025-03-10')).toBe(3);
    const fall = ['2025-11-01T12:00:00-04:00', '2025-11-02T01:30:00-05:00', '2025-11-02T23:59:00-05:00'].map((t) => dayIn(t, zone));
    expect(fall).toEqual(['2025-11-01', '2025-11-02', '2025-11-02']);
    expect(streakDays(fall, dayIn('2025-11-03T23:00:00-05:00', zone))).toBe(2);
  });

  it('judges today in the user zone: the same instant can keep or break the streak', () => {
    const dates = ['2025-06-09', '2025-06-10'];
    const now = new Date('2025-06-12T02:00:00Z');
    expect(streakDays(dates, localDate(now, 'America/Los_Angeles'))).toBe(2); // still the 11th there
    expect(streakDays(dates, localDate(now, 'UTC'))).toBe(0); // already the 12th
  });

  it('reads an unknown zone as UTC', () => {
    expect(localDate(new Date('2025-06-11T23:30:00Z'), 'Mars/Olympus')).toBe('2025-06-11');
  });
});

describe('streakChangesOfBatch', () => {
  const history: Record<string, string[]> = { alice: ['2025-03-08', '2025-03-09'], bob: ['2025-03-01'] };
  const before = (userId: string, date: string) => worked((history[userId] ?? []).filter((d) => d <= date));
  const changes = (days: Array<{ user_id: string; local_date: string }>, ruleOf: (userId: string) => StreakRule = dailyRule) =>
    streakChangesOfBatch(
      days.map((d) => ({ ...d, points: ORDINARY })),
      before,
      ruleOf,
    );

  it('makes the first points of a new day the previous streak plus one', () => {
    expect(changes([{ user_id: 'alice', local_date: '2025-03-10' }])).toEqual([{ user_id: 'alice', local_date: '2025-03-10', previous_streak_days: 2, streak_days: 3 }]);
  });

  it('starts again at one after a gap', () => {
    expect(changes([{ user_id: 'bob', local_date: '2025-03-10' }])).toEqual([{ user_id: 'bob', local_date: '2025-03-10', previous_streak_days: 0, streak_days: 1 }]);
  });

  it('changes nothing for more points on a day that had some', () => {
    expect(changes([{ user_id: 'alice', local_date: '2025-03-09' }])).toEqual([]);
  });

  it('answers one change per user and day, counting the batch’s own earlier days', () => {
    const days = [
      { user_id: 'alice', local_date: '2025-03-10' },
      { user_id: 'carol', local_date: '2025-03-10' },
      { user_id: 'alice', local_date: '2025-03-10' },
      { user_id: 'alice', local_date: '2025-03-11' },
    ];
    expect(changes(days)).toEqual([
      { user_id: 'alice', local_date: '2025-03-10', previous_streak_days: 2, streak_days: 3 },
      { user_id: 'carol', local_date: '2025-03-10', previous_streak_days: 0, streak_days: 1 },
      { user_id: 'alice', local_date: '2025-03-11', previous_streak_days: 3, streak_days: 4 },
    ]);
  });

  it('agrees with streakOf on the user’s local today (a pinned clock’s date)', () => {
    const today = localDate(new Date('2025-03-11T03:00:00Z'), 'America/New_York'); // still 2025-03-10 there
    const [change] = changes([{ user_id: 'alice', local_date: today }]);
    expect(change!.streak_days).toBe(streakDays([...history.alice!, today], today));
    expect(change!.local_date).toBe('2025-03-10');
  });
});

describe('streaksAfterBatch', () => {
  const before: Record<string, string[]> = { ana: ['2025-03-08', '2025-03-10'], ben: ['2025-03-09'] };
  const activeBefore = (userId: string) => worked(before[userId] ?? []);
  const applied = (days: Array<{ user_id: string; local_date: string }>) => days.map((d) => ({ ...d, points: ORDINARY }));

  it("judges each user's streak on their local today at the batch's time, the batch's counted days in", () => {
    // 03:00 UTC on the 11th: the 11th in UTC, still the 10th in Chicago.
    const at = new Date('2025-03-11T03:00:00Z');
    const streaks = streaksAfterBatch(
      [
        { user_id: 'ana', timezone: 'UTC' },
        { user_id: 'ben', timezone: 'America/Chicago' },
        { user_id: 'ana', timezone: 'UTC' },
      ],
      applied([
        { user_id: 'ana', local_date: '2025-03-11' },
        { user_id: 'ben', local_date: '2025-03-10' },
      ]),
      activeBefore,
      dailyRule,
      at,
    );
    expect([...streaks]).toEqual([
      ['ana', 2],
      ['ben', 2],
    ]);
  });

  it('counts a day the batch fills in between earlier ones, and nothing for a held entry', () => {
    const at = new Date('2025-03-10T20:00:00Z');
    // Ana's late entry for the 9th joins the 8th and the 10th; Ben's only entry was held.
    const streaks = streaksAfterBatch(
      [
        { user_id: 'ana', timezone: 'UTC' },
        { user_id: 'ben', timezone: 'UTC' },
      ],
      applied([{ user_id: 'ana', local_date: '2025-03-09' }]),
      activeBefore,
      dailyRule,
      at,
    );
    expect([...streaks]).toEqual([
      ['ana', 3],
      ['ben', 1],
    ]);
  });
});

// 2025-03-03 is a Monday; 2025-03-08 and 09 are a weekend.
describe('streak freezes', () => {
  it('earns one for a day at twice the daily goal and spends it on the next missed day, which is protected', () => {
    const days = [...worked(['2025-03-03'], BIG), ...worked(['2025-03-04', '2025-03-06'])];
    expect(streakOf(days, '2025-03-04', DAILY)).toEqual({ streak_days: 2, freezes: 1, protected_dates: [] });
    // The 5th is missed: the freeze covers it, the streak goes on without growing.
    expect(streakOf(days, '2025-03-06', DAILY)).toEqual({ streak_days: 3, freezes: 0, protected_dates: ['2025-03-05'] });
  });

  it('earns at exactly twice the goal, not a point below', () => {
    expect(streakOf(worked(['2025-03-03'], BIG), '2025-03-03', DAILY).freezes).toBe(1);
    expect(streakOf(worked(['2025-03-03'], BIG - 1), '2025-03-03', DAILY).freezes).toBe(0);
  });

  it('holds at most two, and breaks the streak on the third missed day in a row', () => {
    const days = worked(['2025-03-01', '2025-03-02', '2025-03-03'], BIG);
    expect(MAX_STREAK_FREEZES).toBe(2);
    expect(streakOf(days, '2025-03-03', DAILY).freezes).toBe(2);
    expect(streakOf(days, '2025-03-06', DAILY)).toEqual({ streak_days: 3, freezes: 0, protected_dates: ['2025-03-04', '2025-03-05'] });
    expect(streakOf(days, '2025-03-07', DAILY)).toEqual({ streak_days: 0, freezes: 0, protected_dates: [] });
  });

  it('spends nothing on today, which can still be kept', () => {
    expect(streakOf(worked(['2025-03-03'], BIG), '2025-03-04', DAILY)).toEqual({ streak_days: 1, freezes: 1, protected_dates: [] });
  });

  it('covers only days after the one that earned it', () => {
    const days = [...worked(['2025-03-03']), ...worked(['2025-03-05'], BIG)];
    expect(streakOf(days, '2025-03-05', DAILY)).toEqual({ streak_days: 1, freezes: 1, protected_dates: [] });
  });

  it('keeps the run’s protected days only while the run lasts', () => {
    const days = [...worked(['2025-03-03'], BIG), ...worked(['2025-03-05', '2025-03-10'])];
    // The 4th was protected; the 6th broke that run (no freeze left); the 10th starts a new one.
    expect(streakOf(days, '2025-03-10', DAILY)).toEqual({ streak_days: 1, freezes: 0, protected_dates: [] });
  });

  it('gives the same answer whatever the order and repetition of the days (a rebuild or a redelivery)', () => {
    const days = [...worked(['2025-03-03'], BIG), ...worked(['2025-03-06', '2025-03-04'])];
    const shuffled = [days[2]!, days[0]!, days[1]!];
    expect(streakOf(shuffled, '2025-03-06', DAILY)).toEqual(streakOf(days, '2025-03-06', DAILY));
    // Two ledger rows of one day add up: 60 + 40 is a freeze's 100.
    expect(streakOf([...worked(['2025-03-03'], 60), ...worked(['2025-03-03'], 40)], '2025-03-03', DAILY).freezes).toBe(1);
  });

  it('ignores days after today', () => {
    expect(streakOf(worked(['2025-03-03', '2025-03-05'], BIG), '2025-03-03', DAILY)).toEqual({ streak_days: 1, freezes: 1, protected_dates: [] });
  });
});

describe('weekday streaks', () => {
  it('knows the weekend', () => {
    expect(['2025-03-07', '2025-03-08', '2025-03-09', '2025-03-10'].map(isWeekday)).toEqual([true, false, false, true]);
  });

  it('neither breaks nor extends over Saturday and Sunday', () => {
    const week = ['2025-03-05', '2025-03-06', '2025-03-07'];
    expect(streakDays(week, '2025-03-08', WEEKDAYS)).toBe(3);
    expect(streakDays(week, '2025-03-09', WEEKDAYS)).toBe(3);
    expect(streakDays(week, '2025-03-10', WEEKDAYS)).toBe(3); // Monday is today: not missed yet
    expect(streakDays([...week, '2025-03-10'], '2025-03-10', WEEKDAYS)).toBe(4);
    expect(streakDays([...week, '2025-03-08', '2025-03-09', '2025-03-10'], '2025-03-10', WEEKDAYS)).toBe(4); // weekend work adds nothing
    expect(streakDays(week, '2025-03-11', WEEKDAYS)).toBe(0); // Monday missed
    // Every day counting, the same Friday's streak is over on Sunday.
    expect(streakDays(week, '2025-03-09', DAILY)).toBe(0);
  });

  it('breaks on a missed weekday unless a freeze covers it', () => {
    expect(streakDays(['2025-03-03', '2025-03-04', '2025-03-06'], '2025-03-06', WEEKDAYS)).toBe(1);
    const days = [...worked(['2025-03-03'], BIG), ...worked(['2025-03-04', '2025-03-06'])];
    expect(streakOf(days, '2025-03-06', WEEKDAYS)).toEqual({ streak_days: 3, freezes: 0, protected_dates: ['2025-03-05'] });
  });

  it('spends no freeze on the weekend, and a big Saturday earns one', () => {
    const days = [...worked(['2025-03-07']), ...worked(['2025-03-08'], BIG)];
    expect(streakOf(days, '2025-03-11', WEEKDAYS)).toEqual({ streak_days: 1, freezes: 0, protected_dates: ['2025-03-10'] });
  });

  it('spends no freeze while no streak runs', () => {
    expect(streakOf(worked(['2025-03-08'], BIG), '2025-03-12', WEEKDAYS)).toEqual({ streak_days: 0, freezes: 1, protected_dates: [] });
  });

  it("judges the weekend and the missed weekday on the user's local today (a pinned clock, two zones)", () => {
    const week = worked(['2025-06-05', '2025-06-06']); // Thursday and Friday
    // 01:00 UTC on Monday the 9th: Monday in Tokyo, still Sunday in Los Angeles.
    const monday = new Date('2025-06-09T01:00:00Z');
    expect(streakOf(week, localDate(monday, 'Asia/Tokyo'), WEEKDAYS).streak_days).toBe(2);
    expect(streakOf(week, localDate(monday, 'America/Los_Angeles'), WEEKDAYS).streak_days).toBe(2);
    // A day later Tokyo's Monday is over unworked; Los Angeles is in its Monday still.
    const tuesday = new Date('2025-06-10T01:00:00Z');
    expect(streakOf(week, localDate(tuesday, 'Asia/Tokyo'), WEEKDAYS).streak_days).toBe(0);
    expect(streakOf(week, localDate(tuesday, 'America/Los_Angeles'), WEEKDAYS).streak_days).toBe(2);
  });

  it('counts the DST weekends’ 23- and 25-hour Sundays as one day each', () => {
    const zone = 'America/New_York';
    const dayIn = (iso: string) => localDate(new Date(iso), zone);
    // Clocks fall back on Sunday 2025-11-02: Friday's streak reaches Monday 00:30 local.
    const fall = [dayIn('2025-10-31T17:00:00-04:00'), dayIn('2025-11-03T00:30:00-05:00')];
    expect(fall).toEqual(['2025-10-31', '2025-11-03']);
    expect(streakDays(fall, dayIn('2025-11-03T23:59:00-05:00'), WEEKDAYS)).toBe(2);
    expect(streakDays(fall, dayIn('2025-11-03T23:59:00-05:00'), DAILY)).toBe(1);
    // Clocks spring forward on Sunday 2025-03-09: a freeze earned on Saturday covers that short Sunday.
    const spring = [...worked([dayIn('2025-03-08T21:00:00-05:00')], BIG), ...worked([dayIn('2025-03-10T00:10:00-04:00')])];
    expect(spring.map((d) => d.local_date)).toEqual(['2025-03-08', '2025-03-10']);
    expect(streakOf(spring, dayIn('2025-03-10T09:00:00-04:00'), DAILY)).toEqual({ streak_days: 2, freezes: 0, protected_dates: ['2025-03-09'] });
  });
});

describe('batch streaks by each user’s rule', () => {
  it('makes no streak change for a weekend day in weekdays mode, and counts a protected gap', () => {
    const history: Record<string, StreakDay[]> = { wes: worked(['2025-03-07']), fay: [...worked(['2025-03-03'], BIG), ...worked(['2025-03-04'])] };
    const before = (userId: string, date: string) => (history[userId] ?? []).filter((d) => d.local_date <= date);
    const ruleOf = (userId: string) => (userId === 'wes' ? WEEKDAYS : DAILY);
    const entries = [
      { user_id: 'wes', local_date: '2025-03-08', points: ORDINARY },
      { user_id: 'fay', local_date: '2025-03-06', points: ORDINARY },
    ];
    expect(streakChangesOfBatch(entries, before, ruleOf)).toEqual([{ user_id: 'fay', local_date: '2025-03-06', previous_streak_days: 2, streak_days: 3 }]);
    const streaks = streaksAfterBatch(
      [
        { user_id: 'wes', timezone: 'UTC' },
        { user_id: 'fay', timezone: 'UTC' },
      ],
      entries,
      (userId) => history[userId] ?? [],
      ruleOf,
      new Date('2025-03-10T12:00:00Z'),
    );
    // Wes: Friday's streak reaches Monday; Fay: the 5th was covered, the 7th to the 9th broke it.
    expect([...streaks]).toEqual([
      ['wes', 1],
      ['fay', 0],
    ]);
  });
});
