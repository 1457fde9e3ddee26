import type { UserStats } from '@warriors/contracts';
import { forbidden } from '@warriors/kit';
import { usableTimezone } from '@warriors/contracts';
import { buildStats, statsRangeStart } from '../domain/stats';
import { statsGroups } from '../store/activities.store';
import { reportAccess, type ReportsDeps } from './report-access';

export const STATS_OWN_ONLY = 'You can only read your own stats';

/**
 * The My Stats screen's figures, the caller's own only (its coaching figures are not a public
 * profile's): another user's id is refused as the summary refuses a private profile.
 */
export function getUserStats(deps: ReportsDeps) {
  const { db } = deps;
  const { readableUser, todayOf } = reportAccess(deps);
  return async function stats(callerId: string, subjectId: string): Promise<UserStats> {
    if (subjectId !== callerId) throw forbidden(STATS_OWN_ONLY);
    const user = await readableUser(callerId, subjectId);
    const today = todayOf(user);
    return buildStats(usableTimezone(user.timezone), today, await statsGroups(db, user.user_id, statsRangeStart(today)));
  };
}
