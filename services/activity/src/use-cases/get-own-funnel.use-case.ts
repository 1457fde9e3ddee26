import { localDate, usableTimezone } from '@warriors/contracts';
import type { FunnelWindow } from '../domain/windows';
import { reportAccess, type ReportsDeps } from './report-access';

/** A user's own funnel on their local days in `timezone`, for the coach (who asks only for its caller). */
export function getOwnFunnel(deps: ReportsDeps) {
  const { clock } = deps;
  const { funnelOn } = reportAccess(deps);
  return (userId: string, timezone: string, window: FunnelWindow) => funnelOn(userId, localDate(clock.now(), usableTimezone(timezone)), window);
}
