import { isUserId, type UserProjection } from '@warriors/contracts';
import { toProjection } from '../domain/user';
import { findUserById } from '../store/users.store';
import type { AccountsDeps } from './account-access';

/** A user's projection for another service's consumer that has not seen user.registered yet; null for no such account. */
export function getUserProjection({ db }: AccountsDeps) {
  return async function projection(userId: string): Promise<UserProjection | null> {
    const user = isUserId(userId) ? await findUserById(db, userId) : undefined;
    return user ? toProjection(user) : null;
  };
}
