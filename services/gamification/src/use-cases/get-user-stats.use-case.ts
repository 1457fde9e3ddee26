import type { Badge } from '@warriors/contracts';
import { brokerDay } from '@warriors/contracts';
import type { Clock } from '@warriors/kit';
import { streakDays } from '../domain/streak';
import { activeDates } from '../store/ledger.store';
import type { Executor } from '../store/schema';
import { findUser } from '../store/users.store';
import { listUserBadges } from './list-user-badges.use-case';

/** A user's streak and badges, for auth's /api/me. The streak is judged on the user's today (brokerDay); a user the projection lacks is judged in UTC. */
export function getUserStats(deps: { db: Executor; clock: Clock }) {
  const { db, clock } = deps;
  const badgesOf = listUserBadges(deps);
  return async (userId: string): Promise<{ streak_days: number; badges: Badge[] }> => {
    const user = await findUser(db, userId);
    const today = brokerDay(clock.now(), user ?? { timezone: 'UTC' });
    const [dates, badges] = await Promise.all([activeDates(db, userId, today), badgesOf(userId)]);
    return { streak_days: streakDays(dates, today), badges };
  };
}
