import type { BadgeProgress } from '@warriors/contracts';
import { brokerDay } from '@warriors/contracts';
import type { Clock } from '@warriors/kit';
import { badgeProgress } from '../domain/badges';
import { badgeStats } from '../domain/ledger';
import { streakOf, streakRule } from '../domain/streak';
import { badgeContextOn } from '../store/ledger.store';
import type { Executor } from '../store/schema';
import { findUser } from '../store/users.store';

/**
 * The badges not earned in their current cycle on the user's local today, with how far the user is
 * from each, judged on the same context and rules as the awards (the streak as of today, in the user's streak mode).
 */
export function getBadgeProgress({ db, clock, dailyGoalPoints }: { db: Executor; clock: Clock; dailyGoalPoints: number }) {
  return async (userId: string): Promise<BadgeProgress[]> => {
    const user = await findUser(db, userId);
    const today = brokerDay(clock.now(), user ?? { timezone: 'UTC' });
    const context = await badgeContextOn(db, userId, today);
    return badgeProgress(
      badgeStats(context.totals, streakOf(context.days, today, streakRule(context.streak_mode, dailyGoalPoints)).streak_days),
      today,
      dailyGoalPoints,
      context.earned,
    );
  };
}
