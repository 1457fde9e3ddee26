import { encodeOpenChallengesCursor, type Challenge, type OpenChallengesPage } from '@warriors/contracts';
import { openChallenges } from '../store/challenges.store';
import { challengeAccess, type ChallengesDeps } from './challenge-access';

/** One page of the Open list, and the cursor of the next when there is one (a row past the page is read to know). */
export function listOpenChallenges(deps: ChallengesDeps) {
  const { db, clock } = deps;
  const { views } = challengeAccess(deps);
  return async (userId: string, page: Pick<OpenChallengesPage, 'after' | 'limit'>): Promise<{ challenges: Challenge[]; next: string | null }> => {
    const records = await openChallenges(db, clock.now(), page.after, page.limit + 1);
    const shown = records.slice(0, page.limit);
    const last = shown.at(-1);
    const next = records.length > page.limit && last ? encodeOpenChallengesCursor({ endAt: last.endAt, id: last.id }) : null;
    return { challenges: await views(userId, shown), next };
  };
}
