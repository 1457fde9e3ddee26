import { REQUESTS, UserProjectionReply, type UserProjection } from '@warriors/contracts';
import { DependencyUnavailableError, type Bus } from '@warriors/kit';
import type { Executor } from '../store/schema';
import { findUser, projectedUsers, type SocialUser } from '../store/users.store';

/** How long to wait for auth when a user is not in the projection yet (right after their sign-up). */
export const USER_REQUEST_TIMEOUT_MS = 1000;

export type UserDirectory = ReturnType<typeof createUserDirectory>;

/**
 * The users social knows: its projection of auth's events, and for a user whose user.registered has
 * not arrived yet, auth's answer by request/reply, saved so the next read is local. A deleted user
 * (tombstone) is never fetched back.
 */
export function createUserDirectory({ db, bus }: { db: Executor; bus: Bus }) {
  /** The user, or null when auth does not know them or they were deleted; a 503 (a consumer's retry) when auth cannot be asked. */
  async function resolve(userId: string): Promise<SocialUser | null> {
    const known = await findUser(db, userId);
    if (known) return known;
    if (await projectedUsers.isDeleted(db, userId)) return null;
    let reply: UserProjection | null;
    try {
      reply = UserProjectionReply.parse(await bus.request(REQUESTS.userProjection, { user_id: userId }, USER_REQUEST_TIMEOUT_MS));
    } catch (err) {
      throw new DependencyUnavailableError('user directory', { cause: err });
    }
    if (!reply || reply.user_id !== userId) return null;
    return db.transaction().execute(async (trx) => {
      await projectedUsers.lock(trx, userId);
      // A user.deleted applied while auth was answering wins over the answer.
      if (await projectedUsers.isDeleted(trx, userId)) return null;
      await projectedUsers.save(trx, reply, null);
      return (await findUser(trx, userId)) ?? null;
    });
  }

  return { resolve };
}
