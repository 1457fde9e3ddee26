import type { Challenge } from '@warriors/contracts';
import { challengeAccess, type ChallengesDeps } from './challenge-access';

export function getChallenge(deps: ChallengesDeps) {
  const { visible } = challengeAccess(deps);
  return async (userId: string, id: number): Promise<Challenge> => {
    return (await visible(userId, id)).view;
  };
}
