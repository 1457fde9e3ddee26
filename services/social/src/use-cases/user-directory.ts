import { DependencyUnavailableError, resolveUser, type Bus, type UserDirectory } from '@warriors/kit';
import type { Executor } from '../store/schema';
import { findUser, projectedUsers, type SocialUser } from '../store/users.store';

/**
 * The users social knows: its projection of auth's events, and auth's answer for a user it has not
 * heard of yet. A 503 (a consumer's retry) when auth cannot be asked.
 */
export function createUserDirectory({ db, bus }: { db: Executor; bus: Bus }): UserDirectory<SocialUser> {
  const deps = { db, bus, users: projectedUsers, find: findUser, unavailable: (cause: unknown) => new DependencyUnavailableError('user directory', { cause }) };
  return { resolve: (userId) => resolveUser(deps, userId) };
}
