import { dailyGoalMilestones } from '../../src/domain/milestones';

const m = (percentage: number, remaining: number) => ({ percentage, goal_name: 'Daily Goal', remaining });

describe('dailyGoalMilestones', () => {
  it('reports a percentage when the day crosses it', () => {
    expect(dailyGoalMilestones(10, 13, 50)).toEqual([m(25, 37)]);
  });

  it('does not report it again once the day is past it', () => {
    expect(dailyGoalMilestones(13, 20, 50)).toEqual([]);
  });

  it('reports each percentage crossed at once, weakest first', () => {
    expect(dailyGoalMilestones(0, 46, 50)).toEqual([m(25, 4), m(50, 4), m(75, 4), m(90, 4)]);
  });

  it('counts landing exactly on a percentage as crossing it', () => {
    expect(dailyGoalMilestones(24, 25, 50)).toEqual([m(50, 25)]);
    expect(dailyGoalMilestones(44, 45, 50)).toEqual([m(90, 5)]);
  });

  it('needs the whole point above a fractional threshold (25% of 50 is 12.5)', () => {
    expect(dailyGoalMilestones(0, 12, 50)).toEqual([]);
  });

  it('follows the configured goal and never reports negative remaining points', () => {
    expect(dailyGoalMilestones(0, 30, 100)).toEqual([m(25, 70)]);
    expect(dailyGoalMilestones(40, 120, 100)).toEqual([m(50, 0), m(75, 0), m(90, 0)]);
  });

  it('has no 100% milestone: reaching the goal is the Daily Victory badge', () => {
    expect(dailyGoalMilestones(46, 50, 50)).toEqual([]);
  });
});
