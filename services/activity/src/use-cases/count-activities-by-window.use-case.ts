import type { ActivityCountMap, ActivityCountsByWindow } from '@warriors/contracts';
import { isUserId, localDate, usableTimezone } from '@warriors/contracts';
import { funnelWindow } from '../domain/windows';
import { countsByType } from '../store/activities.store';
import type { ReportsDeps } from './report-access';

/**
 * A public profile's quantities by type in its owner's local today, 7 and 30 days (`timezone` is
 * theirs): the funnel's windows. Whether the profile may be shown is the asker's call.
 */
export function countActivitiesByWindow(deps: ReportsDeps) {
  const { db, clock } = deps;
  return async function countsByWindow(userId: string, timezone: string): Promise<ActivityCountsByWindow> {
    const today = localDate(clock.now(), usableTimezone(timezone));
    const windows = ['today', '7d', '30d'] as const;
    // A text that is no user id has logged nothing; it never reaches SQL.
    const counts = isUserId(userId) ? await Promise.all(windows.map((window) => countsByType(db, userId, funnelWindow(window, today), null))) : windows.map(() => []);
    const asMap = (rows: Array<{ activity_type: string; count: number }>): ActivityCountMap =>
      Object.fromEntries(rows.filter((row) => row.count > 0).map((row) => [row.activity_type, row.count]));
    return { today: asMap(counts[0]!), '7d': asMap(counts[1]!), '30d': asMap(counts[2]!) };
  };
}
