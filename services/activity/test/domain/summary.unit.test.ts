import { ACTIVITY_TYPES } from '@warriors/contracts';
import { buildSummary, pointsPeriods } from '../../src/domain/summary';

describe('pointsPeriods', () => {
  it('starts the week on Monday, the month on the 1st and the year on January 1st', () => {
    expect(pointsPeriods('2025-03-12')).toEqual({ today: '2025-03-12', week: '2025-03-10', month: '2025-03-01', year: '2025-01-01' });
    // A Sunday is the last day of its ISO week.
    expect(pointsPeriods('2025-03-16').week).toBe('2025-03-10');
    // The week of Jan 1st 2025 began in December.
    expect(pointsPeriods('2025-01-01')).toEqual({ today: '2025-01-01', week: '2024-12-30', month: '2025-01-01', year: '2025-01-01' });
  });
});

describe('buildSummary', () => {
  const summary = buildSummary({
    user: { id: 'u1', name: 'Ana', username: 'ana', timezone: 'UTC' },
    window: '7d',
    today: '2025-03-12',
    counts: { cold_call: { count: 12, prev_count: 3 } },
    pointsByDate: new Map([
      ['2025-03-12', 15],
      ['2025-02-11', 4],
      ['2025-02-10', 99], // older than 30 days: not in the chart
    ]),
    totals: { today: 15, week: 20, month: 30, year: 40, total: 140 },
  });

  it('lists every activity type, zero counts included', () => {
    expect(Object.keys(summary.activity_counts).sort()).toEqual([...ACTIVITY_TYPES].sort());
    expect(summary.activity_counts.cold_call).toEqual({ count: 12, prev_count: 3 });
    expect(summary.activity_counts.meeting).toEqual({ count: 0, prev_count: 0 });
  });

  it('charts the last 30 local dates, zero days included', () => {
    const dates = Object.keys(summary.daily_points);
    expect(dates).toHaveLength(30);
    expect(dates[0]).toBe('2025-02-11');
    expect(dates[29]).toBe('2025-03-12');
    expect(summary.daily_points['2025-02-11']).toBe(4);
    expect(summary.daily_points['2025-03-01']).toBe(0);
    expect(summary.daily_points['2025-02-10']).toBeUndefined();
  });

  it('copies the totals', () => {
    expect(summary).toMatchObject({ today_points: 15, weekly_points: 20, monthly_points: 30, yearly_points: 40, total_points: 140, window: '7d' });
  });
});
