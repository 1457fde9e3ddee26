import { CHALLENGE_MESSAGES, type Challenge } from '@warriors/contracts';
import { notFound } from '@warriors/kit';
import { timeState } from '../domain/rules';
import { NO_STANDING } from '../domain/view';
import { findChallenge, lockChallenge, standingsOf } from '../store/challenges.store';
import { isInvited } from '../store/invites.store';
import { challengeAccess, badRequest, type ChallengesDeps } from './challenge-access';

export function joinChallenge(deps: ChallengesDeps) {
  const { outbox, clock, pages } = deps;
  const { visible, asLiveUser, join } = challengeAccess(deps);
  return async (userId: string, id: number): Promise<Challenge> => {
    const now = clock.now();
    await asLiveUser(userId, async (trx) => {
      if (!(await lockChallenge(trx, id))) throw notFound(CHALLENGE_MESSAGES.notFound);
      const record = (await findChallenge(trx, id))!;
      const standing = (await standingsOf(trx, userId, [id])).get(id) ?? NO_STANDING;
      if (standing.role !== null) return;
      // As every other route: a private challenge the caller may not see does not exist for them.
      if (record.isPrivate && !(await isInvited(trx, id, userId))) throw notFound(CHALLENGE_MESSAGES.notFound);
      if (timeState(record, now) === 'ended') throw badRequest(CHALLENGE_MESSAGES.ended);
      await join(trx, record, userId, now);
    });
    pages.forget(id);
    outbox.kick();
    return (await visible(userId, id)).view;
  };
}
