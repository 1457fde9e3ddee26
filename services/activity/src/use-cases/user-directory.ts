import { createTtlCache, HttpError, resolveUser, type Bus, type UserDirectory } from '@warriors/kit';
import { findUser, projectedUsers } from '../store/users.store';
import type { ActivityUser, Executor } from '../store/schema';

export const DIRECTORY_UNAVAILABLE = 'User directory unavailable, please retry';

/**
 * How long a log may use another instance's stale copy of the user (their timezone, which dates the
 * log): the user.* consumer is a queue group, so only the instance that applied a change forgets its
 * copy at once. A deleted user's log still fails, on the activity's foreign key.
 */
const LOGGING_TTL_MS = 5000;
const MAX_CACHED_USERS = 20_000;

/** Kit's UserDirectory, with the cached read the logging path uses. */
export interface ActivityUserDirectory extends UserDirectory<ActivityUser> {
  /** resolve() from an in-process copy at most LOGGING_TTL_MS old. */
  resolveForLogging(userId: string): Promise<ActivityUser | null>;
  /** Drops a user's copy after this instance applied a change to their projection. */
  forget(userId: string): void;
}

/**
 * The users activity knows: its projection of auth's events, and for a user whose user.registered
 * has not arrived yet (right after sign-up), auth's answer by request/reply, stored so the next
 * call is local.
 */
export function createUserDirectory({ db, bus }: { db: Executor; bus: Bus }): ActivityUserDirectory {
  /** The user, or null when auth does not know them (or they were deleted); 503 when auth cannot be asked. */
  const resolve = (userId: string): Promise<ActivityUser | null> =>
    resolveUser({ db, bus, users: projectedUsers, find: findUser, unavailable: () => new HttpError(503, DIRECTORY_UNAVAILABLE) }, userId);

  const cache = createTtlCache<string, ActivityUser>({ ttlMs: LOGGING_TTL_MS, maxEntries: MAX_CACHED_USERS });

  /**
   * resolve() for logging, from an in-process copy at most LOGGING_TTL_MS old: a log needs only the
   * timezone, and a query per log was a round trip on the hottest path. Reads that check privacy
   * flags use resolve().
   */
  async function resolveForLogging(userId: string): Promise<ActivityUser | null> {
    const cached = cache.get(userId);
    if (cached) return cached;
    const user = await resolve(userId);
    if (user) cache.set(userId, user);
    else cache.delete(userId);
    return user;
  }

  /** Drops a user's copy after this instance applied a change to their projection. */
  function forget(userId: string): void {
    cache.delete(userId);
  }

  return { resolve, resolveForLogging, forget };
}
