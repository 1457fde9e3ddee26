import { REQUESTS, UserProjectionReply, type UserProjection } from '@warriors/contracts';
import { HttpError, type Bus } from '@warriors/kit';
import { findUser, isDeleted, lockUser, upsertUser } from '../store/users.store';
import type { Executor } from '../store/schema';

/** How long to wait for auth when a user is not in the projection yet. */
export const USER_REQUEST_TIMEOUT_MS = 1000;

export const DIRECTORY_UNAVAILABLE = 'User directory unavailable, please retry';

export type UserDirectory = ReturnType<typeof createUserDirectory>;

/**
 * The users activity knows: its projection of auth's events, and for a user whose user.registered
 * has not arrived yet (right after sign-up), auth's answer by request/reply, stored so the next
 * call is local.
 */
export function createUserDirectory({ db, bus }: { db: Executor; bus: Bus }) {
  /** The user, or null when auth does not know them (or they were deleted); 503 when auth cannot be asked. */
  async function resolve(userId: string): Promise<UserProjection | null> {
    const known = await findUser(db, userId);
    if (known) return known;
    if (await isDeleted(db, userId)) return null;
    let reply: UserProjection | null;
    try {
      reply = UserProjectionReply.parse(await bus.request(REQUESTS.userProjection, { user_id: userId }, USER_REQUEST_TIMEOUT_MS));
    } catch {
      throw new HttpError(503, DIRECTORY_UNAVAILABLE);
    }
    if (!reply || reply.user_id !== userId) return null;
    return db.transaction().execute(async (trx) => {
      await lockUser(trx, userId);
      // A user.deleted applied while auth was answering wins over the answer.
      if (await isDeleted(trx, userId)) return null;
      await upsertUser(trx, reply, null);
      return (await findUser(trx, userId)) ?? null;
    });
  }

  return { resolve };
}
