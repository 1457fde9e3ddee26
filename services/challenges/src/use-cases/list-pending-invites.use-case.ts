import type { PendingInvitesReply } from '@warriors/contracts';
import type { ChallengesDeps } from './challenge-access';
import { listInvites } from './list-invites.use-case';

/** The daily digest's share: the user's open invites received after `since`, newest first, at most 50. */
export function listPendingInvites(deps: ChallengesDeps) {
  const invites = listInvites(deps);
  return async (userId: string, since: string): Promise<PendingInvitesReply> => {
    const after = new Date(since).getTime();
    return (await invites(userId))
      .filter((invite) => new Date(invite.created_at).getTime() > after)
      .slice(0, 50)
      .map(({ challenge_id, challenge_name, from_name, created_at }) => ({ challenge_id, challenge_name, from_name, created_at }));
  };
}
