import {
  BUS_QUESTIONS,
  RanksReply,
  type ActivityCountMap,
  type ActivityCountsByWindow,
  type FunnelMetrics,
  type LocalDate,
  type RecentActivity,
  type UserProjection,
  type UserStats,
  type UserSummary,
} from '@warriors/contracts';
import { forbidden, notFound, type Bus, type Clock } from '@warriors/kit';
import { funnelMetrics } from '../domain/funnel';
import { addDays, isUserId, localDate, usableTimezone } from '@warriors/contracts';
import { buildStats, statsRangeStart } from '../domain/stats';
import { buildSummary, pointsPeriods } from '../domain/summary';
import { DAILY_POINTS_DAYS, funnelWindow, summaryWindow, type FunnelWindow, type SummaryWindow } from '../domain/windows';
import { countsByType, pointsByDate, pointsTotals, recentVisible, statsGroups } from '../store/activities.store';
import type { Executor } from '../store/schema';
import type { UserDirectory } from './user-directory';

export const FEED_SIZE = 20;
/** The feed is public and hot: a slow gamification costs it rank numbers, never more than this. */
export const RANKS_TIMEOUT_MS = 200;
export const USER_NOT_FOUND = 'User not found';
export const PROFILE_PRIVATE = 'This user has set their profile to private';
export const STATS_OWN_ONLY = 'You can only read your own stats';

export interface ReportsDeps {
  db: Executor;
  bus: Bus;
  clock: Clock;
  users: UserDirectory;
}

export type Reports = ReturnType<typeof createReports>;

export function createReports({ db, bus, clock, users }: ReportsDeps) {
  /** The subject of a per-user report: the caller themself, or someone whose profile is public. */
  async function readableUser(callerId: string, subjectId: string): Promise<UserProjection> {
    // A text that is no user id names nobody; refused before it reaches SQL or auth.
    const subject = isUserId(subjectId) ? await users.resolve(subjectId) : null;
    if (!subject) throw notFound(USER_NOT_FOUND);
    if (subject.user_id !== callerId && !subject.profile_public) throw forbidden(PROFILE_PRIVATE);
    return subject;
  }

  /** "Today" is the subject's local date: their windows follow their own calendar, whoever looks. */
  const todayOf = (user: UserProjection) => localDate(clock.now(), usableTimezone(user.timezone));

  async function summary(callerId: string, subjectId: string, window: SummaryWindow): Promise<UserSummary> {
    const user = await readableUser(callerId, subjectId);
    const today = todayOf(user);
    const { current, previous } = summaryWindow(window, today);
    const [counts, totals, byDate] = await Promise.all([
      countsByType(db, user.user_id, current, previous),
      pointsTotals(db, user.user_id, pointsPeriods(today)),
      pointsByDate(db, user.user_id, { from: addDays(today, 1 - DAILY_POINTS_DAYS), to: today }),
    ]);
    return buildSummary({
      user: { id: user.user_id, name: user.name, username: user.username, timezone: user.timezone },
      window,
      today,
      counts: Object.fromEntries(counts.map(({ activity_type, count, prev_count }) => [activity_type, { count, prev_count }])),
      pointsByDate: byDate,
      totals,
    });
  }

  async function funnelOn(userId: string, today: LocalDate, window: FunnelWindow): Promise<FunnelMetrics> {
    // A text that is no user id has logged nothing; it never reaches SQL.
    const counts = isUserId(userId) ? await countsByType(db, userId, funnelWindow(window, today), null) : [];
    return funnelMetrics(window, Object.fromEntries(counts.map((c) => [c.activity_type, c.count])));
  }

  async function funnel(callerId: string, subjectId: string, window: FunnelWindow): Promise<FunnelMetrics> {
    const user = await readableUser(callerId, subjectId);
    return funnelOn(user.user_id, todayOf(user), window);
  }

  /** A user's own funnel on their local days in `timezone`, for the coach (who asks only for its caller). */
  const ownFunnel = (userId: string, timezone: string, window: FunnelWindow) => funnelOn(userId, localDate(clock.now(), usableTimezone(timezone)), window);

  /**
   * The My Stats screen's figures, the caller's own only (its coaching figures are not a public
   * profile's): another user's id is refused as the summary refuses a private profile.
   */
  async function stats(callerId: string, subjectId: string): Promise<UserStats> {
    if (subjectId !== callerId) throw forbidden(STATS_OWN_ONLY);
    const user = await readableUser(callerId, subjectId);
    const today = todayOf(user);
    return buildStats(usableTimezone(user.timezone), today, await statsGroups(db, user.user_id, statsRangeStart(today)));
  }

  /** Today's ranks of these users for a viewer in `timezone`; empty when gamification does not answer in time. */
  async function ranks(userIds: string[], timezone: string): Promise<Record<string, number | null>> {
    if (userIds.length === 0) return {};
    try {
      return RanksReply.parse(await bus.request(BUS_QUESTIONS.ranks.subject, { user_ids: userIds, window: 'today', timezone }, RANKS_TIMEOUT_MS));
    } catch {
      return {};
    }
  }

  async function recent(timezone: string): Promise<RecentActivity[]> {
    const rows = await recentVisible(db, FEED_SIZE);
    const rankOf = await ranks([...new Set(rows.map((r) => r.user_id))], timezone);
    return rows.map((row) => ({ ...row, created_at: row.created_at.toISOString(), rank: rankOf[row.user_id] ?? null }));
  }

  /**
   * A public profile's quantities by type in its owner's local today, 7 and 30 days (`timezone` is
   * theirs): the funnel's windows. Whether the profile may be shown is the asker's call.
   */
  async function countsByWindow(userId: string, timezone: string): Promise<ActivityCountsByWindow> {
    const today = localDate(clock.now(), usableTimezone(timezone));
    const windows = ['today', '7d', '30d'] as const;
    // A text that is no user id has logged nothing; it never reaches SQL.
    const counts = isUserId(userId) ? await Promise.all(windows.map((window) => countsByType(db, userId, funnelWindow(window, today), null))) : windows.map(() => []);
    const asMap = (rows: Array<{ activity_type: string; count: number }>): ActivityCountMap =>
      Object.fromEntries(rows.filter((row) => row.count > 0).map((row) => [row.activity_type, row.count]));
    return { today: asMap(counts[0]!), '7d': asMap(counts[1]!), '30d': asMap(counts[2]!) };
  }

  return { summary, funnel, ownFunnel, stats, recent, countsByWindow };
}
