import { CHALLENGE_MESSAGES, type Challenge } from '@warriors/contracts';
import { notFound } from '@warriors/kit';
import { timeState } from '../domain/rules';
import { findChallenge, lockChallenge } from '../store/challenges.store';
import { findInvite } from '../store/invites.store';
import { challengeAccess, badRequest, type ChallengesDeps } from './challenge-access';

export function acceptInvite(deps: ChallengesDeps) {
  const { outbox, clock, pages } = deps;
  const { visible, asLiveUser, join } = challengeAccess(deps);
  return async (userId: string, inviteId: string): Promise<Challenge> => {
    const now = clock.now();
    const challengeId = await asLiveUser(userId, async (trx) => {
      const invite = await findInvite(trx, inviteId);
      if (!invite || invite.to_user_id !== userId) throw notFound(CHALLENGE_MESSAGES.inviteNotFound);
      if (!(await lockChallenge(trx, invite.challenge_id))) throw notFound(CHALLENGE_MESSAGES.inviteNotFound);
      const record = (await findChallenge(trx, invite.challenge_id))!;
      if (timeState(record, now) === 'ended') throw badRequest(CHALLENGE_MESSAGES.ended);
      await join(trx, record, userId, now);
      return record.id;
    });
    pages.forget(challengeId);
    outbox.kick();
    return (await visible(userId, challengeId)).view;
  };
}
