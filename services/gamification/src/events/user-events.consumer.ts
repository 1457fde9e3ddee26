import type { DomainEvent, EventOf } from '@warriors/contracts';
import type { Bus, Clock, Subscription } from '@warriors/kit';
import { liveKeyDeltas } from '../domain/windows';
import type { LeaderboardStore } from '../leaderboard';
import { isDeleted, markApplied } from '../store/inbox.store';
import type { Executor } from '../store/schema';
import { deleteUserData, upsertUser } from '../store/users.store';
import type { Leaderboards } from '../use-cases/leaderboards';

export const USERS_DURABLE = 'gamification_users';

export interface UserConsumerDeps {
  db: Executor;
  bus: Bus;
  clock: Clock;
  store: LeaderboardStore;
  leaderboards: Leaderboards;
}

async function project(deps: UserConsumerDeps, event: EventOf<'user.registered' | 'user.updated'>): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    if (!(await markApplied(trx, event.id, deps.clock.now()))) return;
    if (await isDeleted(trx, event.data.user_id)) return;
    await upsertUser(trx, event.data, new Date(event.occurredAt));
  });
}

/**
 * The store cannot drop a member, so a deleted user's scores are brought to zero (read and negated
 * under the event id, so once) and zero-point members are never shown. It runs on redeliveries too:
 * the SQL half may have committed before a crash.
 */
async function forgetUser(deps: UserConsumerDeps, event: EventOf<'user.deleted'>): Promise<void> {
  const userId = event.data.user_id;
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    if (await markApplied(trx, event.id, now)) await deleteUserData(trx, userId, now);
  });
  const keys = liveKeyDeltas(now);
  const scores = await Promise.all(keys.map((k) => deps.store.score(k.key, userId)));
  const deltas = keys.flatMap((k, i) => (scores[i] ? [{ ...k, delta: -scores[i] }] : []));
  await deps.store.apply(event.id, userId, deltas);
}

async function onUserEvent(deps: UserConsumerDeps, event: DomainEvent): Promise<void> {
  switch (event.type) {
    case 'user.registered':
    case 'user.updated':
      await project(deps, event);
      break;
    case 'user.deleted':
      await forgetUser(deps, event);
      break;
    case 'activity.logged':
    case 'badge.earned':
    case 'campaign.completed':
      // Not on user.>; listed so that a new event type has to be placed here to compile.
      return;
    default: {
      const unknown: never = event;
      throw new Error(`unknown event ${JSON.stringify(unknown)}`);
    }
  }
  deps.leaderboards.forget();
}

export function consumeUserEvents(deps: UserConsumerDeps): Promise<Subscription> {
  return deps.bus.consume({ durable: USERS_DURABLE, subjects: ['user.>'] }, (event) => onUserEvent(deps, event));
}
