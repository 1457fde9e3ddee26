import { CHALLENGE_MESSAGES, type ChallengeLeaderboardEntry } from '@warriors/contracts';
import { BAD_CREDENTIALS, forbidden, unauthorized } from '@warriors/kit';
import { boardMembers, roleOf } from '../store/challenges.store';
import { isDeleted } from '../store/users.store';
import { boardKey, membershipKey, type BoardPage } from './board-pages';
import { challengeAccess, type ChallengesDeps } from './challenge-access';

/** The top of a board a leaderboard answers (ZREVRANGE 0 N-1: the spec's top 20). */
export const LEADERBOARD_SIZE = 20;

/**
 * The top of the board with its JSON, members only; a member hidden from rankings
 * (show_on_leaderboard false) is left out. The fast path is the caller's membership, remembered
 * with the pages (a primary-key lookup on a miss; a member is never a deleted account: a deletion
 * removes the memberships with the tombstone); a non-member takes the slow path: 401 when
 * deleted, else 404 or 403 as before.
 */
export function getLeaderboard(deps: ChallengesDeps) {
  const { db, board, pages } = deps;
  const { visible } = challengeAccess(deps);

  /** The top of the board with the names from the projection: the same for every member, so it is cached per challenge. */
  async function assemblePage(id: number): Promise<BoardPage> {
    const entries = await topEntries(id);
    return { entries, json: JSON.stringify(entries) };
  }

  async function topEntries(id: number): Promise<ChallengeLeaderboardEntry[]> {
    const top = await board.top(boardKey(id), LEADERBOARD_SIZE);
    const members = await boardMembers(
      db,
      id,
      top.map((t) => t.member),
    );
    return top.flatMap(({ member, score }) => {
      const m = members.get(member);
      if (!m || !m.show_on_leaderboard || score <= 0) return [];
      return [{ user_id: m.user_id, name: m.name, username: m.username, profile_picture: m.profile_picture, role: m.role, points: score }];
    });
  }

  return async (userId: string, id: number): Promise<BoardPage> => {
    const key = membershipKey(id, userId);
    const role = await pages.roles.get(key, () => roleOf(db, id, userId));
    if (role === null) {
      // Only a membership is remembered: a join elsewhere must show at once.
      pages.roles.forget(key);
      if (await isDeleted(db, userId)) throw unauthorized(BAD_CREDENTIALS);
      const { view } = await visible(userId, id);
      if (!view.is_joined) throw forbidden(CHALLENGE_MESSAGES.notMember);
    }
    return pages.get(id, () => assemblePage(id));
  };
}
