import { CHALLENGE_MESSAGES } from '@warriors/contracts';
import { notFound } from '@warriors/kit';
import { deleteInvite, findInvite, recordDecline } from '../store/invites.store';
import type { ChallengesDeps } from './challenge-access';

export function declineInvite(deps: ChallengesDeps) {
  const { db, clock } = deps;
  return async (userId: string, inviteId: string): Promise<{ detail: string }> => {
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      const invite = await findInvite(trx, inviteId);
      if (!invite || invite.to_user_id !== userId) throw notFound(CHALLENGE_MESSAGES.inviteNotFound);
      await deleteInvite(trx, inviteId);
      await recordDecline(trx, invite.challenge_id, userId, now);
    });
    return { detail: 'Invite declined' };
  };
}
