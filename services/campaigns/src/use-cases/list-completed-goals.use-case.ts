import { isUserId, type CompletedGoalsReply } from '@warriors/contracts';
import { goalsCompletedBetween } from '../store/goals.store';
import type { Executor } from '../store/schema';

/** The goals a user completed between two instants, for the weekly recap. */
export function listCompletedGoals({ db }: { db: Executor }) {
  return async (userId: string, from: string, to: string): Promise<CompletedGoalsReply> => {
    const start = new Date(from);
    const end = new Date(to);
    // A text that is no user id, or no instant, has no goals: it never reaches SQL.
    if (!isUserId(userId) || Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return [];
    const goals = await goalsCompletedBetween(db, userId, start, end);
    return goals.map((goal) => ({ name: goal.name, completed_at: goal.completedAt.toISOString() }));
  };
}
