import type { Milestone } from '@warriors/contracts';

export const MILESTONE_PERCENTAGES = [25, 50, 75, 90] as const;
export const DAILY_GOAL_NAME = 'Daily Goal';

/**
 * The daily-goal milestones an activity crossed: its day went from `before` to `after` points and
 * a percentage of the goal lies above `before` and at or below `after`. Weakest first.
 */
export function dailyGoalMilestones(before: number, after: number, goal: number): Milestone[] {
  // Integer arithmetic: 25% of 50 is 12.5, reached at 13 points.
  const reached = (points: number, percentage: number) => points * 100 >= percentage * goal;
  return MILESTONE_PERCENTAGES.filter((p) => !reached(before, p) && reached(after, p)).map((percentage) => ({
    percentage,
    goal_name: DAILY_GOAL_NAME,
    remaining: Math.max(0, goal - after),
  }));
}
