import {
  addCredit,
  creditBetween,
  creditGoal,
  EMPTY_TALLY,
  goalProgress,
  isComplete,
  milestoneFor,
  retarget,
  takeBackCredit,
  type GoalState,
  type GoalTarget,
} from '../../src/domain/goal';

const START = new Date('2026-03-02T15:00:00.000Z');
const at = (iso: string) => new Date(iso);
const calls = (count: number): GoalTarget => ({ kind: 'types', goals: [{ type: 'cold_call', count }] });
const goal = (target: GoalTarget, overrides: Partial<GoalState> = {}): GoalState => ({
  name: 'Sprint Week',
  target,
  durationDays: 5,
  startedAt: START,
  timeZone: 'UTC',
  tally: EMPTY_TALLY,
  milestoneReached: 0,
  completedAt: null,
  completions: 0,
  ...overrides,
});
const credit = (activityType: 'cold_call' | 'meeting' | 'email', quantity: number, occurredAt = '2026-03-03T10:00:00.000Z') => ({
  activityType,
  quantity,
  points: { cold_call: 1, meeting: 10, email: 1 }[activityType] * quantity,
  occurredAt: at(occurredAt),
});

describe('window membership (goal-days.unit.test.ts has the local days)', () => {
  it("does not credit an activity before the join or after the goal's fifth local day", () => {
    expect(creditGoal(goal(calls(100)), credit('cold_call', 5, '2026-03-02T14:00:00.000Z')).credited).toBe(false);
    expect(creditGoal(goal(calls(100)), credit('cold_call', 5, '2026-03-06T23:59:59.999Z')).credited).toBe(true);
    expect(creditGoal(goal(calls(100)), credit('cold_call', 5, '2026-03-07T00:00:00.000Z')).credited).toBe(false);
  });
});

describe('progress', () => {
  const mixed: GoalTarget = {
    kind: 'types',
    goals: [
      { type: 'cold_call', count: 10 },
      { type: 'meeting', count: 2 },
    ],
  };

  it('sums min(current, target) per type: extra calls do not make up for a missing meeting', () => {
    const tally = { counts: { cold_call: 25, meeting: 1 }, points: 0 };
    expect(goalProgress(mixed, tally)).toBe(11);
    expect(isComplete(mixed, tally)).toBe(false);
    expect(isComplete(mixed, { counts: { cold_call: 10, meeting: 2 }, points: 0 })).toBe(true);
  });

  it('counts points for a power challenge, capped at the target', () => {
    const power: GoalTarget = { kind: 'points', points: 75 };
    expect(goalProgress(power, { counts: {}, points: 80 })).toBe(75);
    expect(addCredit(power, EMPTY_TALLY, credit('meeting', 3))).toEqual({ counts: {}, points: 30 });
  });

  it('ignores types the goal does not count', () => {
    const outcome = creditGoal(goal(calls(100)), credit('email', 5));
    expect(outcome).toMatchObject({ credited: false, milestone: null, completed: false });
  });
});

describe('milestones', () => {
  it('finds the highest percentage reached, in integers (25% of 50 at 13)', () => {
    expect(milestoneFor(12, 50)).toBe(0);
    expect(milestoneFor(13, 50)).toBe(25);
    expect(milestoneFor(45, 50)).toBe(90);
  });

  it('reports only the highest crossed by this activity, each once', () => {
    const first = creditGoal(goal(calls(100)), credit('cold_call', 60));
    expect(first.milestone).toEqual({ percentage: 50, goal_name: 'Sprint Week', remaining: 40, progress: 60 });
    const again = creditGoal(first.goal, credit('cold_call', 5));
    expect(again).toMatchObject({ credited: true, milestone: null });
    const next = creditGoal(again.goal, credit('cold_call', 25));
    expect(next.milestone).toEqual({ percentage: 90, goal_name: 'Sprint Week', remaining: 10, progress: 90 });
  });
});

describe('completion', () => {
  it('completes when progress reaches the count, at the activity time, without a milestone', () => {
    const outcome = creditGoal(goal(calls(10), { tally: { counts: { cold_call: 8 }, points: 8 } }), credit('cold_call', 5));
    expect(outcome).toMatchObject({ credited: true, completed: true, milestone: null });
    expect(outcome.goal.completedAt).toEqual(at('2026-03-03T10:00:00.000Z'));
  });

  it('never credits a completed goal again', () => {
    const done = goal(calls(10), { completedAt: at('2026-03-03T09:00:00.000Z') });
    expect(creditGoal(done, credit('cold_call', 1)).credited).toBe(false);
  });
});

describe('retarget after an edit', () => {
  const now = at('2026-03-04T12:00:00.000Z');

  it('keeps the tally and completes at once when it meets the lowered target', () => {
    const before = goal(calls(100), { tally: { counts: { cold_call: 40 }, points: 40 } });
    const lowered = retarget(before, calls(30), 'Sprint', 5, now);
    expect(lowered.completed).toBe(true);
    expect(lowered.goal.completedAt).toEqual(now);
    const raised = retarget(before, calls(200), 'Sprint', 5, now);
    expect(raised.completed).toBe(false);
    expect(goalProgress(raised.goal.target, raised.goal.tally)).toBe(40);
  });
});

describe('a deleted entry taken back', () => {
  it('takes back what the credit added, and only that', () => {
    const before = goal(calls(10), { tally: { counts: { cold_call: 2, email: 1 }, points: 0 }, milestoneReached: 25 });
    const credited = creditGoal(before, credit('cold_call', 4));
    const taken = creditBetween(before.tally, credited.goal.tally, 'cold_call');
    expect(taken).toEqual({ activityType: 'cold_call', units: 4, points: 0 });
    const back = takeBackCredit(credited.goal, taken);
    expect(back).toMatchObject({ reopened: false, goal: { tally: before.tally } });
    // A milestone reported stays reported: crossing it again does not announce it twice.
    expect(back.goal.milestoneReached).toBe(credited.goal.milestoneReached);
  });

  it('takes back the points of a points goal', () => {
    const power: GoalTarget = { kind: 'points', points: 75 };
    const before = goal(power, { tally: { counts: {}, points: 20 } });
    const credited = creditGoal(before, credit('meeting', 2));
    const back = takeBackCredit(credited.goal, creditBetween(before.tally, credited.goal.tally, 'meeting'));
    expect(back.goal.tally).toEqual({ counts: {}, points: 20 });
  });

  it('re-opens a completed goal the entry took over its target (issue 41), and never goes below zero', () => {
    const before = goal(calls(5), { tally: { counts: { cold_call: 3 }, points: 0 }, milestoneReached: 50 });
    const completing = creditGoal(before, credit('cold_call', 4));
    expect(completing.goal).toMatchObject({ completedAt: expect.any(Date), completions: 1 });
    const back = takeBackCredit(completing.goal, creditBetween(before.tally, completing.goal.tally, 'cold_call'));
    expect(back).toEqual({ reopened: true, goal: { ...completing.goal, tally: before.tally, completedAt: null } });
    // Completed again by a later entry: its second completion.
    const again = creditGoal(back.goal, credit('cold_call', 2));
    expect(again).toMatchObject({ completed: true, goal: { completions: 2, tally: { counts: { cold_call: 5 } } } });
    const open = goal(calls(5), { tally: { counts: { cold_call: 1 }, points: 0 } });
    expect(takeBackCredit(open, { activityType: 'cold_call', units: 3, points: 0 }).goal.tally.counts).toEqual({ cold_call: 0 });
  });

  it('leaves completed a goal still at its target without the entry', () => {
    const done = goal(calls(5), { tally: { counts: { cold_call: 9 }, points: 0 }, completedAt: at('2026-03-03T09:00:00.000Z'), completions: 1 });
    const back = takeBackCredit(done, { activityType: 'cold_call', units: 3, points: 0 });
    expect(back).toEqual({ reopened: false, goal: { ...done, tally: { counts: { cold_call: 6 }, points: 0 } } });
  });
});
