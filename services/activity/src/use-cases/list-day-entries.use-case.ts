import { DAY_ENTRIES_LIMIT, isUserId, type DayEntriesReply, type LocalDate } from '@warriors/contracts';
import { entriesOfDay } from '../store/activities.store';
import type { ReportsDeps } from './report-access';

/** A user's entries of one local day, for campaigns to credit a goal started that day (issue 41). */
export function listDayEntries(deps: Pick<ReportsDeps, 'db'>) {
  return async function dayEntries(userId: string, date: LocalDate): Promise<DayEntriesReply> {
    // A text that is no user id has logged nothing; it never reaches SQL.
    return isUserId(userId) ? entriesOfDay(deps.db, userId, date, DAY_ENTRIES_LIMIT) : [];
  };
}
