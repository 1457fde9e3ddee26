import { CHALLENGE_MESSAGES } from '@warriors/contracts';
import { notFound } from '@warriors/kit';
import { lockChallenge, removeMember } from '../store/challenges.store';
import { boardKey, membershipKey } from './board-pages';
import { challengeAccess, badRequest, type ChallengesDeps } from './challenge-access';

export function leaveChallenge(deps: ChallengesDeps) {
  const { db, logger, board, pages } = deps;
  const { visible } = challengeAccess(deps);
  return async (userId: string, id: number): Promise<{ detail: string }> => {
    await db.transaction().execute(async (trx) => {
      if (!(await lockChallenge(trx, id))) throw notFound(CHALLENGE_MESSAGES.notFound);
      const { record, view } = await visible(userId, id, trx);
      if (record.ownerId === userId) throw badRequest(CHALLENGE_MESSAGES.ownerCannotLeave);
      if (!view.is_joined) throw badRequest(CHALLENGE_MESSAGES.notMember);
      await removeMember(trx, id, userId);
    });
    pages.forget(id);
    pages.roles.forget(membershipKey(id, userId));
    // Off the board now; were Redis away, the rebuild reads the members without them.
    await board.remove(boardKey(id), userId).catch((err: unknown) => logger.warn({ err, challenge_id: id }, 'left member not removed from the board yet'));
    pages.forget(id);
    return { detail: 'Left the challenge' };
  };
}
