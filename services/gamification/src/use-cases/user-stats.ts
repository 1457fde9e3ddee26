import type { Badge } from '@warriors/contracts';
import { summarizeBadges } from '../domain/badges';
import { localDate } from '@warriors/contracts';
import { streakDays } from '../domain/streak';
import { badgeRows } from '../store/badges.store';
import { activeDates } from '../store/ledger.store';
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
