import { brokerDay, usableTimezone } from '@warriors/contracts';
import { conflict, notFound, unauthorized, type Clock, type Outbox } from '@warriors/kit';
import { deletableToday } from '../domain/deletion';
import { activityDeleted } from '../domain/activity-events';
import { markDeleted, ownEntryForDeletion } from '../store/activities.store';
import type { Executor } from '../store/schema';
import { BAD_CREDENTIALS } from './log-activity.use-case';
import type { ActivityUserDirectory } from './user-directory';

export const ACTIVITY_NOT_FOUND = 'Activity not found';
export const ONLY_TODAY = "Only today's entries can be deleted.";

export interface DeleteActivityDeps {
  db: Executor;
  outbox: Outbox;
  clock: Clock;
  users: ActivityUserDirectory;
}

export type DeleteActivity = ReturnType<typeof deleteActivity>;

/**
 * Deletes one of the user's entries of their current local day: marks its row deleted and enqueues
 * activity.deleted in the same transaction, so every consumer reverses what it fed exactly once (the
 * event's id is the activity's). Another user's entry, or none, is a 404; an entry of an earlier day
 * a 409. Deleting an entry already deleted answers as the first deletion did and publishes nothing.
 */
export function deleteActivity({ db, outbox, clock, users }: DeleteActivityDeps) {
  return async function remove(userId: string, activityId: string, requestId: string): Promise<void> {
    const user = await users.resolveForLogging(userId);
    if (!user) throw unauthorized(BAD_CREDENTIALS);
    const timezone = usableTimezone(user.timezone);
    const enqueued = await db.transaction().execute(async (trx) => {
      const entry = await ownEntryForDeletion(trx, userId, activityId);
      if (!entry) throw notFound(ACTIVITY_NOT_FOUND);
      if (entry.deleted_at !== null) return false;
      const now = clock.now();
      // Today as a log of now would be stamped (brokerDay: the zone, or a change of zone's carried day).
      if (!deletableToday(entry.record.local_date, brokerDay(now, { ...user, timezone }))) throw conflict(ONLY_TODAY);
      await markDeleted(trx, activityId, now);
      await outbox.enqueue(trx, activityDeleted(entry.record, timezone, now, requestId));
      return true;
    });
    if (enqueued) outbox.kick();
  };
}
