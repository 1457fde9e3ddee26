import type { ChallengeInvite } from '@warriors/contracts';
import { invitesTo } from '../store/invites.store';
import type { ChallengesDeps } from './challenge-access';

export function listInvites(deps: ChallengesDeps) {
  const { db, clock } = deps;
  return async (userId: string): Promise<ChallengeInvite[]> => {
    const rows = await invitesTo(db, userId, clock.now());
    return rows.map((r) => ({
      invite_id: r.id,
      from_name: r.from_name ?? 'Unknown warrior',
      from_username: r.from_username ?? '',
      challenge_name: r.challenge_name,
      challenge_id: r.challenge_id,
      created_at: new Date(r.created_at).toISOString(),
    }));
  };
}
