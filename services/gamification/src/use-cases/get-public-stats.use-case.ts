import { isUserId, localDate, PROFILE_BADGE_LIMIT, usableTimezone, type PublicStatsReply } from '@warriors/contracts';
import type { Clock } from '@warriors/kit';
import { newestBadges } from '../domain/badges';
import { streakOf, streakRule } from '../domain/streak';
import { pointsByWindow, workedDays } from '../store/ledger.store';
import type { Executor } from '../store/schema';
import { findUser } from '../store/users.store';
import type { Leaderboards } from './leaderboards';
import { listUserBadges } from './list-user-badges.use-case';

const NO_STATS: PublicStatsReply = { rank: null, streak_days: 0, today_points: 0, points_7d: 0, points_30d: 0, total_points: 0, badges: [] };

/**
 * What a public profile shows of a user's game, on their local days in `timezone` (the owner's):
 * rank on the all-time board (null when hidden from leaderboards or without points), streak, points
 * today (in the owner's streak mode), in the last 7 and 30 local days (today included) and all told, and their latest badges.
 * Points are the ledger's, so a held entry shows nowhere until confirmed, as on the boards.
 */
export function getPublicStats(deps: { db: Executor; leaderboards: Leaderboards; clock: Clock; dailyGoalPoints: number }) {
  const { db, leaderboards, clock, dailyGoalPoints } = deps;
  const badgesOf = listUserBadges(deps);
  return async (userId: string, timezone: string): Promise<PublicStatsReply> => {
    // A text that is no user id has no game: it never reaches SQL or Redis.
    if (!isUserId(userId)) return NO_STATS;
    const today = localDate(clock.now(), usableTimezone(timezone));
    const [ranks, user, days, points, badges] = await Promise.all([
      leaderboards.ranks([userId], 'alltime', today),
      findUser(db, userId),
      workedDays(db, userId, today),
      pointsByWindow(db, userId, today),
      badgesOf(userId),
    ]);
    return {
      rank: ranks[userId] ?? null,
      streak_days: streakOf(days, today, streakRule(user?.streak_mode ?? 'daily', dailyGoalPoints)).streak_days,
      today_points: points.today,
      points_7d: points.last7,
      points_30d: points.last30,
      total_points: points.total,
      badges: newestBadges(badges, PROFILE_BADGE_LIMIT),
    };
  };
}
