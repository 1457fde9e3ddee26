import { performance } from 'node:perf_hooks';
import { REQUESTS, UserProjectionReply, type UserProjection } from '@warriors/contracts';
import { HttpError, type Bus } from '@warriors/kit';
import { findUser, projectedUsers } from '../store/users.store';
import type { Executor } from '../store/schema';

/** How long to wait for auth when a user is not in the projection yet. */
export const USER_REQUEST_TIMEOUT_MS = 1000;

export const DIRECTORY_UNAVAILABLE = 'User directory unavailable, please retry';

/**
 * How long a log may use another instance's stale copy of the user (their timezone, which dates the
 * log): the user.* consumer is a queue group, so only the instance that applied a change forgets its
 * copy at once. A deleted user's log still fails, on the activity's foreign key.
 */
const LOGGING_TTL_MS = 5000;
const MAX_CACHED_USERS = 20_000;

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
    if (await projectedUsers.isDeleted(db, userId)) return null;
    let reply: UserProjection | null;
    try {
      reply = UserProjectionReply.parse(await bus.request(REQUESTS.userProjection, { user_id: userId }, USER_REQUEST_TIMEOUT_MS));
    } catch {
      throw new HttpError(503, DIRECTORY_UNAVAILABLE);
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

  const cache = new Map<string, { user: UserProjection; at: number }>();

  /**
   * resolve() for logging, from an in-process copy at most LOGGING_TTL_MS old: a log needs only the
   * timezone, and a query per log was a round trip on the hottest path. Reads that check privacy
   * flags use resolve().
   */
  async function resolveForLogging(userId: string): Promise<UserProjection | null> {
    const cached = cache.get(userId);
    if (cached && performance.now() - cached.at < LOGGING_TTL_MS) return cached.user;
    const user = await resolve(userId);
    cache.delete(userId); // re-inserted last: the Map's order is then oldest first, for eviction
    if (user) cache.set(userId, { user, at: performance.now() });
    for (const id of cache.keys()) {
      if (cache.size <= MAX_CACHED_USERS) break;
      cache.delete(id);
    }
    return user;
  }

  /** Drops a user's copy after this instance applied a change to their projection. */
  function forget(userId: string): void {
    cache.delete(userId);
  }

  return { resolve, resolveForLogging, forget };
}
