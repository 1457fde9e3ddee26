import type { Campaign, CampaignList } from '@warriors/contracts';
import { parseServerTime } from './relative-time';

/**
 * The one progress computation behind every ring, goal card, toast and My Stats: `done` over `target`
 * as a whole percent, capped at 100. Rounded down, as the server reaches a milestone (done x 100 ≥
 * percentage x target): a card then never reads less than the milestone its toast announced, and
 * reads 100% only once the goal is really complete (199 of 200 is 99%, not 100%).
 */
export function percentOf(done: number, target: number): number {
  if (target <= 0) return 0;
  return Math.min(100, Math.floor((Math.max(0, done) * 100) / target));
}

/** A goal's bar: progress over target (spec point 4). */
export function progressPercent({ progress, goal_count }: Pick<Campaign, 'progress' | 'goal_count'>): number {
  return percentOf(Math.min(progress, goal_count), goal_count);
}

/** A ring over several goals: taken together, each capped at its own target; null when there is none. */
export function combinedPercent(goals: readonly Pick<Campaign, 'progress' | 'goal_count'>[]): number | null {
  const target = goals.reduce((sum, goal) => sum + goal.goal_count, 0);
  if (goals.length === 0 || target <= 0) return null;
  const done = goals.reduce((sum, goal) => sum + Math.min(goal.progress, goal.goal_count), 0);
  return percentOf(done, target);
}

/** Whether the goal's days (which end at its owner's local midnight, ends_at) are still running at `now`. */
const runningAt = (goal: Campaign, now: Date): boolean => goal.ends_at !== null && parseServerTime(goal.ends_at) > now;

/** Goals reached before their window closed: still this period's goals until it does. */
export function finishedThisPeriod(list: CampaignList, now: Date): Campaign[] {
  return list.completed.filter((goal) => runningAt(goal, now));
}

/**
 * The goals a ring speaks about, and what 'today's daily goal' means for the logging lock: those
 * active or already reached whose days still run at `now`. So today's daily goal, once beaten, is
 * still today's goal at 100% until the broker's midnight, on the dashboard and in My Stats alike, and
 * a page left open past it speaks of the new day without waiting for the list to be fetched again.
 */
export function goalsOfThisPeriod(list: CampaignList, now: Date): Campaign[] {
  return [...list.active, ...list.completed].filter((goal) => runningAt(goal, now));
}
