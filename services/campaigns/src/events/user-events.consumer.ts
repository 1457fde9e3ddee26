import type { DomainEvent } from '@warriors/contracts';
import { lockKey, markEventApplied, type Bus, type Clock, type Subscription } from '@warriors/kit';
import { deleteGoalsOf } from '../store/goals.store';
import { SCHEMA, type Executor } from '../store/schema';
import { deleteUser, isDeleted, upsertUser } from '../store/users.store';
import { userLock } from '../use-cases/record-activity';

export const USERS_DURABLE = 'campaigns_users';

/** Applies one user.* event: the timezone projection, or forgetting a deleted user's goals and campaigns. */
async function onUserEvent(db: Executor, clock: Clock, event: DomainEvent): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!(await markEventApplied(trx, SCHEMA, event.id, clock.now()))) return;
    switch (event.type) {
      case 'user.registered':
      case 'user.updated':
        await lockKey(trx, userLock(event.data.user_id));
        if (await isDeleted(trx, event.data.user_id)) return;
        await upsertUser(trx, event.data.user_id, event.data.timezone, new Date(event.occurredAt));
        return;
      case 'user.deleted':
        await lockKey(trx, userLock(event.data.user_id));
        await deleteGoalsOf(trx, event.data.user_id);
        await deleteUser(trx, event.data.user_id, clock.now());
        return;
      // Not on user.>; listed so that a new event type has to be placed here to compile.
      case 'activity.logged':
      case 'badge.earned':
      case 'campaign.completed':
        return;
      default: {
        const unknown: never = event;
        throw new Error(`unknown event ${JSON.stringify(unknown)}`);
      }
    }
  });
}

export function consumeUserEvents(db: Executor, bus: Bus, clock: Clock): Promise<Subscription> {
  return bus.consume({ durable: USERS_DURABLE, subjects: ['user.>'] }, (event) => onUserEvent(db, clock, event));
}
