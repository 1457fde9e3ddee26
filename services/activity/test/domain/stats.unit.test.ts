import { localDate, UserStats, type LocalDate } from '@warriors/contracts';
import { buildStats, statsRangeStart, type StatsGroup } from '../../src/domain/stats';

/** A pinned instant: Monday 2025-03-03 02:30 UTC, still Sunday March 2nd in New York, already Monday in Tokyo. */
const NOW = new Date('2025-03-03T02:30:00Z');

const group = (local_date: LocalDate | null, activity_type: StatsGroup['activity_type'], quantity: number, points: number): StatsGroup => ({
  local_date,
  activity_type,
  quantity,
  points,
});

/** A history in local dates: a monthly-boundary one, so the two timezones disagree on today, the week and the month. */
const GROUPS: StatsGroup[] = [
  group(null, 'cold_call', 100, 100), // before the stats range: all time only
  group('2025-01-15', 'meeting', 1, 10),
  group('2025-02-01', 'live_conversation', 2, 6),
  group('2025-02-24', 'cold_call', 20, 20),
  group('2025-03-02', 'cold_call', 10, 10),
  group('2025-03-02', 'live_conversation', 1, 3),
  group('2025-03-03', 'meeting', 1, 10),
  group('2025-03-03', 'email', 4, 4),
];

describe('statsRangeStart', () => {
  it('reaches back to the year’s start, or last month’s start in January, or the chart’s first day', () => {
    expect(statsRangeStart('2025-03-12')).toBe('2025-01-01');
    expect(statsRangeStart('2025-01-20')).toBe('2024-12-01');
    expect(statsRangeStart('2025-01-05')).toBe('2024-12-01');
  });
});

describe.each([
  [
    'America/New_York',
    '2025-03-02',
    // The week from Monday Feb 24, March so far, 2025.
    { today_points: 13, weekly_points: 33, monthly_points: 13, yearly_points: 49 },
    // Tokyo's Monday is still tomorrow here: out of every window, though in the total (as the summary's).
    { cold_call: { count: 130, prev_count: 0 }, meeting: { count: 1, prev_count: 0 }, live_conversation: { count: 3, prev_count: 0 } },
  ],
  [
    'Asia/Tokyo',
    '2025-03-03',
    { today_points: 14, weekly_points: 14, monthly_points: 27, yearly_points: 63 },
    {
      cold_call: { count: 130, prev_count: 0 },
      meeting: { count: 2, prev_count: 0 },
      live_conversation: { count: 3, prev_count: 0 },
      email: { count: 4, prev_count: 0 },
    },
  ],
])('buildStats in %s', (timezone, today, points, allTime) => {
  const stats = buildStats(timezone, localDate(NOW, timezone), GROUPS);

  it('is the contract’s, read on the user’s local date', () => {
    expect(UserStats.strict().parse(stats)).toEqual(stats);
    expect(stats).toMatchObject({ timezone, local_date: today, ...points, total_points: 163 });
  });

  it('charts the last 30 local dates, oldest first, zeros included', () => {
    expect(stats.daily_points).toHaveLength(30);
    expect(stats.daily_points.at(-1)).toEqual({ date: today, points: points.today_points });
    expect(stats.daily_points.filter((d) => d.points === 0).length).toBeGreaterThan(20);
    expect(stats.daily_points.map((d) => d.date)).toEqual([...stats.daily_points.map((d) => d.date)].sort());
  });

  it('counts all time with no previous window, the groups before the range included', () => {
    expect(stats.activity_counts.all_time).toEqual(allTime);
  });
});

describe('buildStats windows', () => {
  it('compares today with yesterday and the month so far with last month’s same span (New York, Sunday March 2nd)', () => {
    const stats = buildStats('America/New_York', '2025-03-02', GROUPS);
    expect(stats.activity_counts.today).toEqual({ cold_call: { count: 10, prev_count: 0 }, live_conversation: { count: 1, prev_count: 0 } });
    // March 1-2 against February 1-2.
    expect(stats.activity_counts.month).toEqual({ cold_call: { count: 10, prev_count: 0 }, live_conversation: { count: 1, prev_count: 2 } });
    expect(stats.activity_counts['7d']).toEqual({ cold_call: { count: 30, prev_count: 0 }, live_conversation: { count: 1, prev_count: 0 } });
    expect(stats.funnel.today).toMatchObject({ window: 'today', cold_calls: 10, live_conversations: 1, ratios: { call_to_convo: 10 } });
    expect(stats.funnel.month).toMatchObject({ window: 'month', cold_calls: 10, total_outreach: 10 });
  });

  it('starts a new month and day in Tokyo, where it is already Monday March 3rd', () => {
    const stats = buildStats('Asia/Tokyo', '2025-03-03', GROUPS);
    expect(stats.activity_counts.today).toEqual({
      meeting: { count: 1, prev_count: 0 },
      email: { count: 4, prev_count: 0 },
      cold_call: { count: 0, prev_count: 10 },
      live_conversation: { count: 0, prev_count: 1 },
    });
    // March 2nd and 3rd: 10 calls + 4 emails of outreach, 1 conversation, 1 meeting.
    expect(stats.funnel.month.ratios).toEqual({ call_to_convo: 10, convo_to_meeting: 100, outreach_to_convo: 7.1, overall_conversion: 7.1 });
    expect(stats.funnel.month.total_outreach).toBe(14);
  });

  it('answers zeros everywhere for a user with no activity', () => {
    const stats = buildStats('UTC', '2025-03-03', []);
    expect(stats).toMatchObject({ today_points: 0, total_points: 0, activity_counts: { today: {}, '7d': {}, month: {}, all_time: {} } });
    expect(stats.funnel['7d'].ratios).toEqual({ call_to_convo: 0, convo_to_meeting: 0, outreach_to_convo: 0, overall_conversion: 0 });
    expect(stats.daily_points.every((d) => d.points === 0)).toBe(true);
  });
});
