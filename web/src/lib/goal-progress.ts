import type { ActivityType, Campaign, CampaignList } from '@warriors/contracts';
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

/** What a log not yet on the server adds to a goal: its type, size, points and the tap's time. */
export interface UnsentLog {
  activity_type: ActivityType;
  quantity: number;
  points: number;
  logged_at: string;
}

/** Whether the goal's window (its start to the end of its last local day) holds the log's tap. */
function holds(goal: Campaign, log: UnsentLog): boolean {
  const at = Date.parse(log.logged_at);
  if (goal.started_at === null || at < parseServerTime(goal.started_at).getTime()) return false;
  return goal.ends_at === null || at < parseServerTime(goal.ends_at).getTime();
}

/** What `logs` add to `goal`'s progress by the server's rule: points for a power challenge, else quantities of its types, each capped at its target. */
function added(goal: Campaign, logs: readonly UnsentLog[]): number {
  const counted = logs.filter((log) => holds(goal, log));
  if (goal.goal_type === 'power_challenge') return counted.reduce((sum, log) => sum + log.points, 0);
  const quantities = new Map<ActivityType, number>();
  for (const log of counted) quantities.set(log.activity_type, (quantities.get(log.activity_type) ?? 0) + log.quantity);
  if (!Array.isArray(goal.goal_type)) return quantities.get(goal.goal_type) ?? 0;
  return goal.activity_breakdown.reduce((sum, item) => sum + Math.min(quantities.get(item.type) ?? 0, Math.max(0, item.target - item.current)), 0);
}

/**
 * The goals as they will read once the logs waiting on this device arrive: each active goal's
 * progress with theirs added (capped at its target), so the rings and cards, still drawn by the one
 * percentOf above, count a log made offline at once. A goal already complete stays as it is.
 */
export function withUnsentLogs(list: CampaignList, logs: readonly UnsentLog[]): CampaignList {
  if (logs.length === 0) return list;
  const active = list.active.map((goal) => {
    const more = added(goal, logs);
    return more === 0 ? goal : { ...goal, progress: Math.min(goal.goal_count, goal.progress + more) };
  });
  return { ...list, active };
}
