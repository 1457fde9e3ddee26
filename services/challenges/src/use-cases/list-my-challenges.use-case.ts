import type { Challenge } from '@warriors/contracts';
import { myChallenges } from '../store/challenges.store';
import { challengeAccess, type ChallengesDeps } from './challenge-access';

/** Rows the caller's own lists answer at most. */
export const LIST_LIMIT = 200;

export function listMyChallenges(deps: ChallengesDeps) {
  const { db, clock } = deps;
  const { views } = challengeAccess(deps);
  return async (userId: string, window: 'active' | 'completed'): Promise<Challenge[]> => {
    return views(userId, await myChallenges(db, userId, clock.now(), window, LIST_LIMIT));
  };
}
