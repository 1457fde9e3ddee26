import { campaign, campaignList } from '../../test/fixtures';
import { combinedPercent, goalsOfThisPeriod, percentOf, progressPercent } from './goal-progress';

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
