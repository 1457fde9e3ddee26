import type { FunnelMetrics, LocalDate } from '@warriors/contracts';
import { forbidden, notFound, type Bus, type Clock } from '@warriors/kit';
import { funnelMetrics } from '../domain/funnel';
import { brokerDay, isUserId, usableTimezone } from '@warriors/contracts';
import { funnelWindow, type FunnelWindow } from '../domain/windows';
import { countsByType } from '../store/activities.store';
import type { ActivityUser, Executor } from '../store/schema';
import type { ActivityUserDirectory } from './user-directory';

export const USER_NOT_FOUND = 'User not found';
export const PROFILE_PRIVATE = 'This user has set their profile to private';

export interface ReportsDeps {
  db: Executor;
  bus: Bus;
  clock: Clock;
  users: ActivityUserDirectory;
}

/** What the reports share: whose report the caller may read, that user's today, the funnel on a given day. */
export function reportAccess({ db, clock, users }: ReportsDeps) {
  /** The subject of a per-user report: the caller themself, or someone whose profile is public. */
  async function readableUser(callerId: string, subjectId: string): Promise<ActivityUser> {
    // A text that is no user id names nobody; refused before it reaches SQL or auth.
    const subject = isUserId(subjectId) ? await users.resolve(subjectId) : null;
    if (!subject) throw notFound(USER_NOT_FOUND);
    if (subject.user_id !== callerId && !subject.profile_public) throw forbidden(PROFILE_PRIVATE);
    return subject;
  }

  /** "Today" is the subject's day (brokerDay): their windows follow their own calendar, whoever looks. */
  const todayOf = (user: ActivityUser) => brokerDay(clock.now(), { ...user, timezone: usableTimezone(user.timezone) });

  async function funnelOn(userId: string, today: LocalDate, window: FunnelWindow): Promise<FunnelMetrics> {
    // A text that is no user id has logged nothing; it never reaches SQL.
    const counts = isUserId(userId) ? await countsByType(db, userId, funnelWindow(window, today), null) : [];
    return funnelMetrics(window, Object.fromEntries(counts.map((c) => [c.activity_type, c.count])));
  }

  return { readableUser, todayOf, funnelOn };
}
