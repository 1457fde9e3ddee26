import type { UserSummary } from '@warriors/contracts';
import { addDays } from '@warriors/contracts';
import { buildSummary, pointsPeriods } from '../domain/summary';
import { DAILY_POINTS_DAYS, summaryWindow, type SummaryWindow } from '../domain/windows';
import { countsByType, pointsByDate, pointsTotals } from '../store/activities.store';
import { reportAccess, type ReportsDeps } from './report-access';

export function getUserSummary(deps: ReportsDeps) {
  const { db } = deps;
  const { readableUser, todayOf } = reportAccess(deps);
  return async function summary(callerId: string, subjectId: string, window: SummaryWindow): Promise<UserSummary> {
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
  };
}
