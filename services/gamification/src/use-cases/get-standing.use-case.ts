import { isUserId, localDate, usableTimezone, type LeaderboardWindow, type StandingReply } from '@warriors/contracts';
import type { Clock } from '@warriors/kit';
import type { Leaderboards } from './leaderboards';

/** A user's standing on a board window on their local days in `timezone`, with the points a day's goal takes: for the coach. */
export function getStanding({ leaderboards, clock, dailyGoalPoints }: { leaderboards: Leaderboards; clock: Clock; dailyGoalPoints: number }) {
  return async (userId: string, window: LeaderboardWindow, timezone: string): Promise<StandingReply> => {
    // A text that is no user id has no standing: it never reaches Redis.
    const standing = isUserId(userId)
      ? await leaderboards.standing(userId, window, localDate(clock.now(), usableTimezone(timezone)))
      : { rank: null, points: 0, gap_to_next: null, window };
    return { ...standing, daily_goal_points: dailyGoalPoints };
  };
}
