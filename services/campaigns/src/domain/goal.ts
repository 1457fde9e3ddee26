import { MILESTONE_PERCENTAGES, type ActivityType, type GoalItem, type Milestone } from '@warriors/contracts';
import { withinWindow, type GoalDays } from './goal-days';

/** What a goal counts: units of some activity types, or the points of every activity (power challenges). */
export type GoalTarget = { kind: 'types'; goals: GoalItem[] } | { kind: 'points'; points: number };

/** What a user has done towards a goal inside its window. Raw counts, not capped: an edit may raise a target. */
export interface GoalTally {
  counts: Partial<Record<ActivityType, number>>;
  points: number;
}

export const EMPTY_TALLY: GoalTally = { counts: {}, points: 0 };

/** A user's goal as the rules see it (a row of user_goals without its bookkeeping); its days as goal-days counts them. */
export interface GoalState extends GoalDays {
  name: string;
  target: GoalTarget;
  tally: GoalTally;
  /** The highest milestone percentage already reported (0 for none): each is reported once. */
  milestoneReached: number;
  completedAt: Date | null;
  /** How many times the goal was completed: an undo may re-open a completed goal, and each completion pays its bonus. */
  completions: number;
}

/** The credit an activity brings. */
export interface Credit {
  activityType: ActivityType;
  quantity: number;
  points: number;
  occurredAt: Date;
}

export const goalCount = (target: GoalTarget): number => (target.kind === 'points' ? target.points : target.goals.reduce((sum, goal) => sum + goal.count, 0));

/**
 * Sum over the types of min(current, target): ten extra calls do not make up for a missing
 * meeting. A power challenge counts points, capped at the target like every other goal.
 */
export function goalProgress(target: GoalTarget, tally: GoalTally): number {
  if (target.kind === 'points') return Math.min(tally.points, target.points);
  return target.goals.reduce((sum, goal) => sum + Math.min(tally.counts[goal.type] ?? 0, goal.count), 0);
}

export const isComplete = (target: GoalTarget, tally: GoalTally): boolean => goalProgress(target, tally) >= goalCount(target);

/** The tally after an activity; unchanged when the goal does not count this activity's type. */
export function addCredit(target: GoalTarget, tally: GoalTally, credit: Credit): GoalTally {
  if (target.kind === 'points') return { counts: tally.counts, points: tally.points + credit.points };
  if (!target.goals.some((goal) => goal.type === credit.activityType)) return tally;
  return { counts: { ...tally.counts, [credit.activityType]: (tally.counts[credit.activityType] ?? 0) + credit.quantity }, points: tally.points };
}

/** The highest milestone percentage `progress` of `count` reaches (0 for none). Integer arithmetic: 25% of 50 is reached at 13. */
export function milestoneFor(progress: number, count: number): number {
  return [...MILESTONE_PERCENTAGES].reverse().find((p) => progress * 100 >= p * count) ?? 0;
}

export interface CreditOutcome {
  /** False when the activity lies outside the window or the goal does not count its type. */
  credited: boolean;
  goal: GoalState;
  /** The highest milestone this activity crossed, not reported before; none when it completed the goal. */
  milestone: Milestone | null;
  completed: boolean;
}

/**
 * Applies one activity to an open goal: inside the window only; completes the goal when progress
 * reaches the count; otherwise reports the highest milestone newly crossed (each once per goal).
 */
export function creditGoal(goal: GoalState, credit: Credit): CreditOutcome {
  const unchanged: CreditOutcome = { credited: false, goal, milestone: null, completed: false };
  if (goal.completedAt || !withinWindow(goal, credit.occurredAt)) return unchanged;
  const tally = addCredit(goal.target, goal.tally, credit);
  if (tally === goal.tally) return unchanged;
  const count = goalCount(goal.target);
  const progress = goalProgress(goal.target, tally);
  if (progress >= count) {
    // The completion popup supersedes a milestone toast; later milestones can no longer be crossed.
    return {
      credited: true,
      goal: { ...goal, tally, milestoneReached: 100, completedAt: credit.occurredAt, completions: goal.completions + 1 },
      milestone: null,
      completed: true,
    };
  }
  const reached = milestoneFor(progress, count);
  if (reached <= goal.milestoneReached) return { credited: true, goal: { ...goal, tally }, milestone: null, completed: false };
  return {
    credited: true,
    goal: { ...goal, tally, milestoneReached: reached },
    milestone: { percentage: reached, goal_name: goal.name, remaining: count - progress, progress: Math.floor((progress * 100) / count) },
    completed: false,
  };
}

/**
 * A target changed by an edit: the tally stays (what was done is done) and the goal completes at
 * once when it already meets the new target. Milestones are not reported for an edit.
 */
export function retarget(goal: GoalState, target: GoalTarget, name: string, durationDays: number, now: Date): { goal: GoalState; completed: boolean } {
  const next: GoalState = { ...goal, target, name, durationDays };
  if (goal.completedAt || !isComplete(target, goal.tally)) return { goal: next, completed: false };
  return { goal: { ...next, completedAt: now, milestoneReached: 100, completions: goal.completions + 1 }, completed: true };
}

/** What one entry added to a goal's tally (its type's units, and points): what its deletion takes back. */
export interface EntryCredit {
  activityType: ActivityType;
  units: number;
  points: number;
}

/** The credit between a tally and the tally after one entry of `activityType`. */
export const creditBetween = (before: GoalTally, after: GoalTally, activityType: ActivityType): EntryCredit => ({
  activityType,
  units: (after.counts[activityType] ?? 0) - (before.counts[activityType] ?? 0),
  points: after.points - before.points,
});

/** A goal after a deleted entry's credit was taken back, and whether that re-opened it. */
export interface TakenBack {
  goal: GoalState;
  /** It was completed and is below its target again: its completion (and bonus) is undone. */
  reopened: boolean;
}

/**
 * A deleted entry's credit taken back from a goal it fed, never below zero. A completed goal the
 * entry took over its target is open again (docs/decisions.md, issue 41): its completion goes, and a
 * later entry that reaches the target completes it again. One still at its target stays completed. A
 * milestone already reported stays reported, so crossing it again does not announce it twice.
 */
export function takeBackCredit(goal: GoalState, credit: EntryCredit): TakenBack {
  const counts = { ...goal.tally.counts };
  if (credit.units !== 0) counts[credit.activityType] = Math.max(0, (counts[credit.activityType] ?? 0) - credit.units);
  const tally = { counts, points: Math.max(0, goal.tally.points - credit.points) };
  const reopened = goal.completedAt !== null && !isComplete(goal.target, tally);
  return { goal: { ...goal, tally, ...(reopened ? { completedAt: null } : {}) }, reopened };
}
