import { BUS_QUESTIONS, RECAP_MESSAGES, usableTimezone, type WeeklyRecap } from '@warriors/contracts';
import { askService, type Bus, type Clock } from '@warriors/kit';
import { composeRecap, recapWeeks, weekInstants } from '../domain/recap';
import { badgesEarnedBetween, dailyPointsBetween, dailyUnitsBetween, weekRanks } from '../store/recap.store';
import type { Executor } from '../store/schema';
import { findUser } from '../store/users.store';

/** How long the recap waits for campaigns' goals before it answers 503. */
export const GOALS_REQUEST_TIMEOUT_MS = 2000;

/**
 * The broker's last complete local week against the week before: points, units, best days, badges
 * and ranks from gamification's own ledger, goals completed asked of campaigns (which owns them).
 */
export function getWeeklyRecap({ db, bus, clock }: { db: Executor; bus: Bus; clock: Clock }) {
  return async (userId: string): Promise<WeeklyRecap> => {
    const timezone = usableTimezone((await findUser(db, userId))?.timezone ?? 'UTC');
    const weeks = recapWeeks(clock.now(), timezone);
    const { week, previous } = weeks;
    const weekSpan = weekInstants(week, timezone);
    const previousSpan = weekInstants(previous, timezone);
    const [dailyPoints, dailyUnits, badges, goals, ranks] = await Promise.all([
      dailyPointsBetween(db, userId, previous.start, week.end),
      dailyUnitsBetween(db, userId, previous.start, week.end),
      badgesEarnedBetween(db, userId, previousSpan.from, weekSpan.to),
      askService(
        bus,
        BUS_QUESTIONS.completedGoals,
        { user_id: userId, from: previousSpan.from.toISOString(), to: weekSpan.to.toISOString() },
        { timeoutMs: GOALS_REQUEST_TIMEOUT_MS, unavailable: RECAP_MESSAGES.goalsUnavailable },
      ),
      weekRanks(db, userId, week, previous),
    ]);
    const inWeek = (at: Date) => at.getTime() >= weekSpan.from.getTime();
    return composeRecap({
      timezone,
      weeks,
      dailyPoints,
      dailyUnits,
      badges: badges.map((badge) => ({ ...badge, inWeek: inWeek(badge.earned_at) ? 'week' : 'previous' })),
      goals: {
        week: goals.filter((goal) => inWeek(new Date(goal.completed_at))).map((goal) => goal.name),
        previous: goals.filter((goal) => !inWeek(new Date(goal.completed_at))).length,
      },
      ranks,
    });
  };
}
