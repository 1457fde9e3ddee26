import type { Clock, UserEventHooks, UserEvent } from '@warriors/kit';
import { liveKeyDeltas } from '../domain/windows';
import type { LeaderboardStore } from '@warriors/kit';
import type { GamificationDatabase } from '../store/schema';
import { deleteActivityOf, lastActivityInLedger } from '../store/users.store';
import type { Leaderboards } from './leaderboards';

export interface UserProjectionDeps {
  clock: Clock;
  store: LeaderboardStore;
  leaderboards: Leaderboards;
}

/**
 * The store cannot drop a member, so a deleted user's scores are brought to zero (read and negated
 * under the event id, so once) and zero-point members are never shown. It runs on redeliveries too:
 * the SQL half may have committed before a crash.
 */
async function zeroScores(store: LeaderboardStore, event: UserEvent, at: Date): Promise<void> {
  const userId = event.data.user_id;
  const keys = liveKeyDeltas(at);
  const scores = await Promise.all(keys.map((k) => store.score(k.key, userId)));
  const deltas = keys.flatMap((k, i) => (scores[i] ? [{ ...k, delta: -scores[i] }] : []));
  await store.apply(event.id, userId, deltas);
}

/**
 * What gamification adds to kit's user projection: a new row's last activity comes from the ledger
 * (activity may have arrived before the registration did); a deletion forgets the user's points,
 * totals and badges, under the user's lock as activities are recorded (an activity batch running
 * alongside could otherwise insert ledger rows the deletion does not see), then zeroes their scores;
 * every change drops the boards' cached users.
 */
export function userProjectionHooks(deps: UserProjectionDeps): UserEventHooks<GamificationDatabase> {
  return {
    newRow: (userId) => ({ last_activity_at: lastActivityInLedger(userId) }),
    forget: (trx, userId) => deleteActivityOf(trx, userId),
    async afterEach(event, at) {
      if (event.type === 'user.deleted') await zeroScores(deps.store, event, at);
      deps.leaderboards.forget();
    },
  };
}
