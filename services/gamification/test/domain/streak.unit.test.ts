import { localDate } from '@warriors/contracts';
import { streakChangesOfBatch, streakDays, streaksAfterBatch } from '../../src/domain/streak';

describe('streakDays', () => {
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
  const before = (userId: string, date: string) => (history[userId] ?? []).filter((d) => d <= date);

  it('makes the first points of a new day the previous streak plus one', () => {
    expect(streakChangesOfBatch([{ user_id: 'alice', local_date: '2025-03-10' }], before)).toEqual([
      { user_id: 'alice', local_date: '2025-03-10', previous_streak_days: 2, streak_days: 3 },
    ]);
  });

  it('starts again at one after a gap', () => {
    expect(streakChangesOfBatch([{ user_id: 'bob', local_date: '2025-03-10' }], before)).toEqual([
      { user_id: 'bob', local_date: '2025-03-10', previous_streak_days: 0, streak_days: 1 },
    ]);
  });

  it('changes nothing for more points on a day that had some', () => {
    expect(streakChangesOfBatch([{ user_id: 'alice', local_date: '2025-03-09' }], before)).toEqual([]);
  });

  it('answers one change per user and day, counting the batch’s own earlier days', () => {
    const days = [
      { user_id: 'alice', local_date: '2025-03-10' },
      { user_id: 'carol', local_date: '2025-03-10' },
      { user_id: 'alice', local_date: '2025-03-10' },
      { user_id: 'alice', local_date: '2025-03-11' },
    ];
    expect(streakChangesOfBatch(days, before)).toEqual([
      { user_id: 'alice', local_date: '2025-03-10', previous_streak_days: 2, streak_days: 3 },
      { user_id: 'carol', local_date: '2025-03-10', previous_streak_days: 0, streak_days: 1 },
      { user_id: 'alice', local_date: '2025-03-11', previous_streak_days: 3, streak_days: 4 },
    ]);
  });

  it('agrees with streakDays on the user’s local today (a pinned clock’s date)', () => {
    const today = localDate(new Date('2025-03-11T03:00:00Z'), 'America/New_York'); // still 2025-03-10 there
    const [change] = streakChangesOfBatch([{ user_id: 'alice', local_date: today }], before);
    expect(change!.streak_days).toBe(streakDays([...history.alice!, today], today));
    expect(change!.local_date).toBe('2025-03-10');
  });
});

describe('streaksAfterBatch', () => {
  const before: Record<string, string[]> = { ana: ['2025-03-08', '2025-03-10'], ben: ['2025-03-09'] };
  const activeBefore = (userId: string) => before[userId] ?? [];

  it("judges each user's streak on their local today at the batch's time, the batch's counted days in", () => {
    // 03:00 UTC on the 11th: the 11th in UTC, still the 10th in Chicago.
    const at = new Date('2025-03-11T03:00:00Z');
    const streaks = streaksAfterBatch(
      [
        { user_id: 'ana', timezone: 'UTC' },
        { user_id: 'ben', timezone: 'America/Chicago' },
        { user_id: 'ana', timezone: 'UTC' },
      ],
      [
        { user_id: 'ana', local_date: '2025-03-11' },
        { user_id: 'ben', local_date: '2025-03-10' },
      ],
      activeBefore,
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
      [{ user_id: 'ana', local_date: '2025-03-09' }],
      activeBefore,
      at,
    );
    expect([...streaks]).toEqual([
      ['ana', 3],
      ['ben', 1],
    ]);
  });
});
