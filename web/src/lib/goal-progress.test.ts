import { campaign, campaignList } from '../../test/fixtures';
import { combinedPercent, goalsOfThisPeriod, percentOf, progressPercent, withUnsentLogs } from './goal-progress';

const NOW = new Date('2026-11-23T15:00:00Z');

describe('progressPercent', () => {
  it('caps a beaten goal at 100 %', () => {
    expect(progressPercent({ progress: 5, goal_count: 3 })).toBe(100);
    expect(progressPercent({ progress: 1, goal_count: 3 })).toBe(33);
  });

  it('reads 100 % only once the goal is complete, and never less than the milestone the server reached', () => {
    expect(progressPercent({ progress: 199, goal_count: 200 })).toBe(99);
    // The server reaches 50 % of 25 at 13 (13 x 100 ≥ 50 x 25); 12 is not there yet.
    expect(progressPercent({ progress: 13, goal_count: 25 })).toBe(52);
    expect(progressPercent({ progress: 12, goal_count: 25 })).toBe(48);
    expect(percentOf(2, 3)).toBe(66);
    expect(percentOf(1, 0)).toBe(0);
  });
});

describe('combinedPercent', () => {
  it('takes goals together, each capped at its target, and is null without goals', () => {
    expect(combinedPercent([campaign({ progress: 10, goal_count: 5 }), campaign({ progress: 1, goal_count: 5 })])).toBe(60);
    expect(combinedPercent([])).toBeNull();
  });
});

describe('goalsOfThisPeriod', () => {
  it("keeps today's beaten daily goal until its day ends, and drops a goal finished in an earlier window", () => {
    const active = campaign({ id: 1, duration_days: 7, ends_at: '2026-11-29T06:00:00Z' });
    const beatenToday = campaign({ id: 2, progress: 3, status: 'completed', completed_at: '2026-11-23T14:00:00Z', ends_at: '2026-11-24T06:00:00Z' });
    const beatenYesterday = campaign({ id: 3, progress: 3, status: 'completed', completed_at: '2026-11-22T14:00:00Z', ends_at: '2026-11-23T06:00:00Z' });
    const list = campaignList({ active: [active], completed: [beatenToday, beatenYesterday] });
    expect(goalsOfThisPeriod(list, NOW).map((goal) => goal.id)).toEqual([1, 2]);
  });

  it('drops an active goal whose days ended while the page stayed open', () => {
    const endedAtMidnight = campaign({ id: 4, ends_at: '2026-11-23T06:00:00Z' });
    expect(goalsOfThisPeriod(campaignList({ active: [endedAtMidnight] }), NOW)).toEqual([]);
  });
});

describe('withUnsentLogs', () => {
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
  const log = (activity_type: 'cold_call' | 'email' | 'meeting', quantity = 1, minutesAgo = 5) => ({
    activity_type,
    quantity,
    points: quantity * (activity_type === 'meeting' ? 10 : 1),
    logged_at: at(minutesAgo),
  });

  it('adds logs of the goal’s type made inside its window, capped at its target', () => {
    const list = campaignList({ active: [campaign({ goal_count: 3, progress: 1 })] });
    expect(withUnsentLogs(list, [log('cold_call'), log('email')]).active[0]!.progress).toBe(2);
    expect(withUnsentLogs(list, [log('cold_call', 5)]).active[0]!.progress).toBe(3);
    // Made before the goal started (an hour ago): not the goal's.
    expect(withUnsentLogs(list, [log('cold_call', 1, 90)]).active[0]!.progress).toBe(1);
    expect(combinedPercent(goalsOfThisPeriod(withUnsentLogs(list, [log('cold_call')]), new Date()))).toBe(66);
  });

  it('adds points to a power challenge and each type up to what it still needs to a multi-activity goal', () => {
    const power = campaign({ goal_type: 'power_challenge', activity_type: null, goal_count: 75, progress: 10 });
    const multi = campaign({
      goal_type: [
        { type: 'cold_call', count: 3 },
        { type: 'meeting', count: 2 },
      ],
      activity_type: null,
      goal_count: 5,
      progress: 3,
      activity_breakdown: [
        { type: 'cold_call', current: 2, target: 3 },
        { type: 'meeting', current: 1, target: 2 },
      ],
    });
    const [p, m] = withUnsentLogs(campaignList({ active: [power, multi] }), [log('cold_call', 4), log('meeting')]).active;
    expect(p!.progress).toBe(24);
    expect(m!.progress).toBe(5);
  });

  it('leaves the list as it is without logs and completed goals as they are', () => {
    const list = campaignList({ completed: [campaign({ status: 'completed', progress: 3 })] });
    expect(withUnsentLogs(list, [])).toBe(list);
    expect(withUnsentLogs(list, [log('cold_call')]).completed).toEqual(list.completed);
  });
});
