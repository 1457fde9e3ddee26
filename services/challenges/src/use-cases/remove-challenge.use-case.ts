import { CHALLENGE_MESSAGES } from '@warriors/contracts';
import { canDelete } from '../domain/rules';
import { deleteChallenge, scorersOf } from '../store/challenges.store';
import { boardKey } from './board-pages';
import { challengeAccess, badRequest, type ChallengesDeps } from './challenge-access';

export function removeChallenge(deps: ChallengesDeps) {
  const { db, clock, logger, board, pages } = deps;
  const { owned } = challengeAccess(deps);
  return async (userId: string, id: number): Promise<{ detail: string }> => {
    const now = clock.now();
    const scored = await db.transaction().execute(async (trx) => {
      const record = await owned(trx, userId, id);
      if (!canDelete(record, userId, now)) throw badRequest(CHALLENGE_MESSAGES.deleteActive);
      const members = await scorersOf(trx, id);
      await deleteChallenge(trx, id);
      return members;
    });
    // The board goes with it (were Redis away, the next rebuild drops the set: no challenge row holds it).
    await Promise.all(scored.map((member) => board.remove(boardKey(id), member))).catch((err: unknown) =>
      logger.warn({ err, challenge_id: id }, 'deleted challenge board not dropped yet'),
    );
    // Its page and every remembered membership of it (a deletion is rare: everything goes).
    pages.clear();
    return { detail: 'Challenge deleted' };
  };
}
