import { CHALLENGE_MESSAGES, type PublicChallenge } from '@warriors/contracts';
import { notFound } from '@warriors/kit';
import { publicView } from '../domain/view';
import { findChallenge } from '../store/challenges.store';
import type { ChallengesDeps } from './challenge-access';

export function getPublicChallenge(deps: ChallengesDeps) {
  const { db, clock } = deps;
  return async (id: number): Promise<PublicChallenge> => {
    const record = await findChallenge(db, id);
    if (!record || record.isPrivate) throw notFound(CHALLENGE_MESSAGES.notFound);
    return publicView(record, clock.now());
  };
}
