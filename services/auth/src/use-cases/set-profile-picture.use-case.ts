import { profilePictureUrl, type User } from '@warriors/contracts';
import { unauthorized } from '@warriors/kit';
import type { Picture } from '../domain/profile-picture';
import { toUserResponse } from '../domain/user';
import type { EventContext } from '../domain/user-events';
import { savePicture } from '../store/pictures.store';
import { accountAccess, BAD_CREDENTIALS, type AccountsDeps } from './account-access';

/** Stores the picture once; the account, and through user.updated every projection, keep only its URL. */
export function setProfilePicture(deps: AccountsDeps) {
  const { clock } = deps;
  const { inTransaction, accountId, changeUser } = accountAccess(deps);
  return async function setPicture(userId: string, picture: Picture, context: Omit<EventContext, 'at'>): Promise<User> {
    const id = accountId(userId);
    const at = clock.now();
    const user = await inTransaction(async (trx) => {
      const version = await savePicture(trx, id, picture, at);
      if (version === undefined) throw unauthorized(BAD_CREDENTIALS);
      return changeUser(trx, id, { profile_picture: profilePictureUrl(id, version) }, { ...context, at });
    });
    return toUserResponse(user);
  };
}
