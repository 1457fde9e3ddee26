import { GOAL_MESSAGES, STATS_CHART_DAYS, type FunnelMetrics } from '@warriors/contracts';
import { campaign } from '../../../test/fixtures';
import { breakdownRows, bucketPercent, changeText, completedInLastWeek, conversionRows, dailySeries, goalEditBody, localDate, performanceRows } from './stats-rules';

/** 30 local days ending on `lastDate`, points 0, 1, 2, ... */
function thirtyDays(lastDate: string) {
  const last = new Date(`${lastDate}T00:00:00Z`).getTime();
  return Array.from({ length: STATS_CHART_DAYS }, (_, index) => ({
    date: new Date(last - (STATS_CHART_DAYS - 1 - index) * 86_400_000).toISOString().slice(0, 10),
    points: index,
  }));
}

describe('bucketPercent', () => {
  it('sums the goals of a bucket, each capped at its target, and ignores the other durations', () => {
    const goals = [
      campaign({ duration_days: 1, progress: 10, goal_count: 5 }),
      campaign({ duration_days: 1, progress: 1, goal_count: 5 }),
      campaign({ duration_days: 5, progress: 3, goal_count: 10 }),
      campaign({ duration_days: 14, progress: 0, goal_count: 100 }),
      campaign({ duration_days: 365, progress: 1, goal_count: 3 }),
    ];
    expect(bucketPercent(goals, 'daily')).toBe(60);
    expect(bucketPercent(goals, 'weekly')).toBe(30);
    expect(bucketPercent(goals, 'monthly')).toBeNull();
    expect(bucketPercent(goals, 'yearly')).toBe(33);
  });
});

describe('completedInLastWeek', () => {
  it('keeps goals completed within 7 days of now, newest first', () => {
    const now = new Date('2026-11-24T12:00:00Z');
    const old = campaign({ name: 'old', completed_at: '2026-11-17T11:59:00Z' });
    const edge = campaign({ name: 'edge', completed_at: '2026-11-17T12:00:00Z' });
    const fresh = campaign({ name: 'fresh', completed_at: '2026-11-24T08:00:00Z' });
    expect(completedInLastWeek([old, edge, fresh, campaign({ completed_at: null })], now).map((goal) => goal.name)).toEqual(['fresh', 'edge']);
  });
});

describe('dailySeries', () => {
  // One instant: already Tuesday the 25th in Auckland, still Monday the 24th in Los Angeles.
  const now = new Date('2026-11-24T20:00:00Z');

  it('reads the local date in the user’s timezone, not the browser’s', () => {
    expect(localDate(now, 'Pacific/Auckland')).toBe('2026-11-25');
    expect(localDate(now, 'America/Los_Angeles')).toBe('2026-11-24');
    expect(localDate(now, 'UTC')).toBe('2026-11-24');
  });

  it('labels the user’s local today and draws the goal line across every day', () => {
    const days = thirtyDays('2026-11-25');
    const auckland = dailySeries(days, 50, now, 'Pacific/Auckland');
    expect(auckland.labels.at(-1)).toBe('Today');
    expect(auckland.labels[0]).toBe('Oct 27');
    expect(auckland.points).toEqual(days.map((day) => day.points));
    expect(auckland.goal).toEqual(Array(STATS_CHART_DAYS).fill(50));

    const losAngeles = dailySeries(days, 50, now, 'America/Los_Angeles');
    expect(losAngeles.labels.at(-1)).toBe('Nov 25');
    expect(losAngeles.labels.at(-2)).toBe('Today');
  });

  it('sums the points and counts the days at goal in its summary', () => {
    const series = dailySeries(thirtyDays('2026-11-24'), 27, now, 'UTC');
    expect(series.summary).toBe('435 points over the last 30 days; the daily goal of 27 points was reached on 3 days.');
    expect(dailySeries(thirtyDays('2026-11-24'), 29, now, 'UTC').summary).toContain('reached on 1 day.');
  });
});

describe('performanceRows', () => {
  it('sums every activity across the active goals and rates the percent', () => {
    const rows = performanceRows([
      campaign({ activity_breakdown: [{ type: 'cold_call', current: 8, target: 10 }] }),
      campaign({
        activity_breakdown: [
          { type: 'cold_call', current: 30, target: 10 },
          { type: 'email', current: 2, target: 10 },
        ],
      }),
      campaign({ activity_breakdown: [{ type: 'meeting', current: 3, target: 4 }] }),
    ]);
    expect(rows).toEqual([
      { type: 'cold_call', label: 'Cold Call', done: 18, target: 20, percent: 90, rating: 'yellow' },
      { type: 'email', label: 'Email', done: 2, target: 10, percent: 20, rating: 'red' },
      { type: 'meeting', label: 'Meeting', done: 3, target: 4, percent: 75, rating: 'yellow' },
    ]);
    expect(performanceRows([campaign({ activity_breakdown: [{ type: 'email', current: 5, target: 5 }] })])[0]?.rating).toBe('green');
  });
});

describe('conversionRows', () => {
  it('rounds each ratio to a tenth and colours it against spec point 9’s thresholds', () => {
    const funnel: FunnelMetrics = {
      window: 'today',
      ratios: { call_to_convo: 10, convo_to_meeting: 19.96, outreach_to_convo: 3.99, overall_conversion: 1 },
      total_outreach: 100,
      live_conversations: 10,
      meetings: 2,
      cold_calls: 50,
    };
    expect(conversionRows(funnel).map(({ ratio, percent, target, rating }) => [ratio, percent, target, rating])).toEqual([
      ['call_to_convo', 10, 10, 'green'],
      ['convo_to_meeting', 20, 20, 'green'],
      ['outreach_to_convo', 4, 8, 'yellow'],
      ['overall_conversion', 1, 2, 'yellow'],
    ]);
  });
});

describe('breakdownRows', () => {
  it('lists logged types biggest first with the change against the previous window', () => {
    const rows = breakdownRows({
      email: { count: 3, prev_count: 5 },
      cold_call: { count: 12, prev_count: 2 },
      meeting: { count: 0, prev_count: 1 },
      doorknock: { count: 0, prev_count: 0 },
    });
    expect(rows.map(({ type, count, change }) => [type, count, changeText(change)])).toEqual([
      ['cold_call', 12, '+10'],
      ['email', 3, '-2'],
      ['meeting', 0, '-1'],
    ]);
    expect(changeText(0)).toBe('±0');
  });
});

describe('goalEditBody', () => {
  it('sends every count, 0 included so the server removes it, and the duration', () => {
    expect(goalEditBody({ duration: '30', counts: { cold_call: '0', email: '10000' } })).toEqual({
      errors: [],
      body: { duration_days: 30, activity_goals: { cold_call: 0, email: 10000 } },
    });
  });

  it('refuses counts outside 0-10000, all zeros, and durations outside 1-365', () => {
    expect(goalEditBody({ duration: '366', counts: { cold_call: '10001' } }).errors).toEqual([GOAL_MESSAGES.duration, GOAL_MESSAGES.editCount]);
    expect(goalEditBody({ duration: '0', counts: { cold_call: '-1' } }).errors).toEqual([GOAL_MESSAGES.duration, GOAL_MESSAGES.editCount]);
    expect(goalEditBody({ duration: '7', counts: { cold_call: '0', email: '0' } }).errors).toEqual([GOAL_MESSAGES.atLeastOneGoal]);
    expect(goalEditBody({ duration: '7', counts: { cold_call: '' } }).errors).toEqual([GOAL_MESSAGES.editCount]);
  });
});
