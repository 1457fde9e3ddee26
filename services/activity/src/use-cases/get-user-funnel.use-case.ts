import type { FunnelMetrics } from '@warriors/contracts';
import type { FunnelWindow } from '../domain/windows';
import { reportAccess, type ReportsDeps } from './report-access';

export function getUserFunnel(deps: ReportsDeps) {
  const { readableUser, todayOf, funnelOn } = reportAccess(deps);
  return async function funnel(callerId: string, subjectId: string, window: FunnelWindow): Promise<FunnelMetrics> {
    const user = await readableUser(callerId, subjectId);
    return funnelOn(user.user_id, todayOf(user), window);
  };
}
