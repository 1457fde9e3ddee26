import type { Badge, BadgeProgress } from '@warriors/contracts';
import { badgeProgress, summarizeBadges } from '../domain/badges';
import { badgeStats } from '../domain/ledger';
import { localDate } from '@warriors/contracts';
import { streakDays } from '../domain/streak';
import { badgeRows } from '../store/badges.store';
import { activeDates, badgeContextOn } from '../store/ledger.store';
import type { Executor } from '../store/schema';
import { findUser } from '../store/users.store';

export async function userBadges(db: Executor, userId: string): Promise<Badge[]> {
  return summarizeBadges(await badgeRows(db, userId));
}

/** The streak is judged on the user's local today; a user the projection lacks is judged in UTC. */
export async function userStats(db: Executor, userId: string, now: Date): Promise<{ streak_days: number; badges: Badge[] }> {
  const user = await findUser(db, userId);
  const today = localDate(now, user?.timezone ?? 'UTC');
  const [dates, badges] = await Promise.all([activeDates(db, userId, today), userBadges(db, userId)]);
  return { streak_days: streakDays(dates, today), badges };
}

/**
 * The badges not earned in their current cycle on the user's local today, with how far the user is
 * from each, judged on the same context and rules as the awards (the streak as of today).
 */
export async function userBadgeProgress(db: Executor, userId: string, now: Date, dailyGoalPoints: number): Promise<BadgeProgress[]> {
  const user = await findUser(db, userId);
  const today = localDate(now, user?.timezone ?? 'UTC');
  const context = await badgeContextOn(db, userId, today);
  return badgeProgress(badgeStats(context.totals, streakDays(context.dates, today)), today, dailyGoalPoints, context.earned);
}
