import { isUserId, type ProfileFieldsReply } from '@warriors/contracts';
import { toProfileFields } from '../domain/user';
import { findUserById } from '../store/users.store';
import type { AccountsDeps } from './account-access';

/** The fields of a user's public profile, for social's profile page. */
export function getProfileFields({ db }: AccountsDeps) {
  return async function profileFields(userId: string): Promise<ProfileFieldsReply> {
    // A deleted account's row is gone: it answers null like one that never was.
    const user = isUserId(userId) ? await findUserById(db, userId) : undefined;
    return user ? toProfileFields(user) : null;
  };
}
