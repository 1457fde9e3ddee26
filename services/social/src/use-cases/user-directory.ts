import { DependencyUnavailableError, refreshUser, resolveUser, type Bus, type Clock, type UserDirectory } from '@warriors/kit';
import type { Executor } from '../store/schema';
import { findUser, projectedUsers, type SocialUser } from '../store/users.store';

/** Kit's UserDirectory, and auth's current answer for a user whose projected row may predate a column. */
export interface SocialUserDirectory extends UserDirectory<SocialUser> {
  /** The user as auth has them now, saved over the projection (their timezone before push needs it). */
  refresh(userId: string): Promise<SocialUser | null>;
}

/**
 * The users social knows: its projection of auth's events, and auth's answer for a user it has not
 * heard of yet. A 503 (a consumer's retry) when auth cannot be asked.
 */
export function createUserDirectory({ db, bus, clock }: { db: Executor; bus: Bus; clock: Clock }): SocialUserDirectory {
  const deps = { db, bus, clock, users: projectedUsers, find: findUser, unavailable: (cause: unknown) => new DependencyUnavailableError('user directory', { cause }) };
  return { resolve: (userId) => resolveUser(deps, userId), refresh: (userId) => refreshUser(deps, userId) };
}
