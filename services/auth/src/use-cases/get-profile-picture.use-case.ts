import { isUserId } from '@warriors/contracts';
import { notFound } from '@warriors/kit';
import { findPicture, type StoredPicture } from '../store/pictures.store';
import { PICTURE_NOT_FOUND, type AccountsDeps } from './account-access';

/** Public (an <img> sends no token): unknown users, ids that cannot be one and users without a picture are all a 404. */
export function getProfilePicture(deps: AccountsDeps) {
  const { db } = deps;
  return async function picture(userId: string): Promise<StoredPicture> {
    const found = isUserId(userId) ? await findPicture(db, userId) : undefined;
    if (!found) throw notFound(PICTURE_NOT_FOUND);
    return found;
  };
}
