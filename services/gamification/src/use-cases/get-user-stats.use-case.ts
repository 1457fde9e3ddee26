import type { Badge } from '@warriors/contracts';
import { brokerDay } from '@warriors/contracts';
import type { Clock } from '@warriors/kit';
import { streakOf, streakRule } from '../domain/streak';
import { workedDays } from '../store/ledger.store';
import type { Executor } from '../store/schema';
import { findUser } from '../store/users.store';
import { listUserBadges } from './list-user-badges.use-case';

export interface UserStats {
  streak_days: number;
  streak_freezes: number;
  streak_protected: boolean;
  badges: Badge[];
}

/**
 * A user's streak, freezes held, whether a freeze protects the current streak, and badges, for
 * auth's /api/me. The streak is judged on the user's today (brokerDay) in their streak mode; a user the
 * projection lacks is judged in UTC, every day counting.
 */
export function getUserStats(deps: { db: Executor; clock: Clock; dailyGoalPoints: number }) {
  const { db, clock, dailyGoalPoints } = deps;
  const badgesOf = listUserBadges(deps);
  return async (userId: string): Promise<UserStats> => {
    const user = await findUser(db, userId);
    const today = brokerDay(clock.now(), user ?? { timezone: 'UTC' });
    const [days, badges] = await Promise.all([workedDays(db, userId, today), badgesOf(userId)]);
    const streak = streakOf(days, today, streakRule(user?.streak_mode ?? 'daily', dailyGoalPoints));
    return { streak_days: streak.streak_days, streak_freezes: streak.freezes, streak_protected: streak.protected_dates.length > 0, badges };
  };
}
