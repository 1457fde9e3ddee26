import type { DomainEvent } from '@warriors/contracts';
import type { Clock } from '@warriors/kit';
import { assertNever } from '../domain/windows';
import type { Executor } from '../store/schema';
import { deleteUser, isDeleted, lockUser, markApplied, upsertUser } from '../store/users.store';

export const USERS_DURABLE = 'activity_users';
export const USER_SUBJECTS = ['user.>'];

/**
 * Applies one user.* event to the projection. The inbox row and the change commit together, so a
 * redelivered event finds its id and changes nothing.
 */
export function userEventsHandler(db: Executor, clock: Clock, onChange: (userId: string) => void) {
  return async (event: DomainEvent): Promise<void> => {
    await db.transaction().execute(async (trx) => {
      if (!(await markApplied(trx, event.id, clock.now()))) return;
      switch (event.type) {
        case 'user.registered':
        case 'user.updated':
          await lockUser(trx, event.data.user_id);
          if (await isDeleted(trx, event.data.user_id)) return;
          await upsertUser(trx, event.data, new Date(event.occurredAt));
          return;
        case 'user.deleted':
          await lockUser(trx, event.data.user_id);
          await deleteUser(trx, event.data.user_id, clock.now());
          return;
        // Not on the subjects this durable consumes; nothing to do if one arrives.
        case 'activity.logged':
        case 'badge.earned':
        case 'campaign.completed':
          return;
        default:
          assertNever(event);
      }
    });
    // After the commit, so a log in between cannot cache the old row again.
    if (event.type.startsWith('user.') && 'user_id' in event.data) onChange(event.data.user_id);
  };
}
