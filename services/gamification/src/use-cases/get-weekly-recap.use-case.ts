import { BUS_QUESTIONS, RECAP_MESSAGES, usableTimezone, type WeeklyRecap } from '@warriors/contracts';
import { askService, createResponseCache, type Bus, type Clock } from '@warriors/kit';
import { composeRecap, recapWeeks, weekInstants, weekRank, type RecapWeeks, type WeekBoardRow } from '../domain/recap';
import { badgesEarnedBetween, dailyPointsBetween, dailyUnitsBetween, weekBoards } from '../store/recap.store';
import type { Executor } from '../store/schema';
import { findUser } from '../store/users.store';
import type { LeaderboardUserDirectory } from './user-directory';

/** How long the recap waits for campaigns' goals before it answers 503. */
export const GOALS_REQUEST_TIMEOUT_MS = 2000;
/**
 * How long one read of two weeks' boards serves every broker recapping those weeks: weeks that are
 * over change only by a late or confirmed entry or a deletion, and reading them scans every broker's
 * entries of 14 days (docs/perf-log.md).
 */
const WEEK_BOARDS_TTL_MS = 10 * 60 * 1000;
/** A few pairs of weeks are recapped at once: timezones a day apart straddle a Monday. */
const MAX_CACHED_WEEK_BOARDS = 8;

/**
 * The broker's last complete local week against the week before: points, units, best days, badges
 * and ranks from gamification's own ledger, goals completed asked of campaigns (which owns them).
 */
export function getWeeklyRecap({ db, bus, clock, directory }: { db: Executor; bus: Bus; clock: Clock; directory: LeaderboardUserDirectory }) {
  const boards = createResponseCache<string, WeekBoardRow[]>({ ttlMs: WEEK_BOARDS_TTL_MS, maxEntries: MAX_CACHED_WEEK_BOARDS });
  const boardsOf = ({ week, previous }: RecapWeeks) => boards.get(week.start, () => weekBoards(db, week, previous));
  return async (userId: string): Promise<WeeklyRecap> => {
    const timezone = usableTimezone((await findUser(db, userId))?.timezone ?? 'UTC');
    const weeks = recapWeeks(clock.now(), timezone);
    const { week, previous } = weeks;
    const weekSpan = weekInstants(week, timezone);
    const previousSpan = weekInstants(previous, timezone);
    const [dailyPoints, dailyUnits, badges, goals, board, hidden] = await Promise.all([
      dailyPointsBetween(db, userId, previous.start, week.end),
      dailyUnitsBetween(db, userId, previous.start, week.end),
      badgesEarnedBetween(db, userId, previousSpan.from, weekSpan.to),
      askService(
        bus,
        BUS_QUESTIONS.completedGoals,
        { user_id: userId, from: previousSpan.from.toISOString(), to: weekSpan.to.toISOString() },
        { timeoutMs: GOALS_REQUEST_TIMEOUT_MS, unavailable: RECAP_MESSAGES.goalsUnavailable },
      ),
      boardsOf(weeks),
      directory.hidden(),
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
      ranks: { week: weekRank(board, userId, 'week', hidden), previous: weekRank(board, userId, 'previous', hidden) },
    });
  };
}
