import { userUpdated } from '../domain/user-events';
import { takeMovedPictures } from '../store/pictures.store';
import { findUserById } from '../store/users.store';
import { accountAccess, type AccountsDeps } from './account-access';

/** Users announced per transaction after the picture migration: bounded so one transaction stays small. */
const ANNOUNCE_BATCH = 100;
/** The requestId of the events the picture migration sends, so logs can tell them from users' changes. */
const PICTURE_MIGRATION_REQUEST = 'migration:0002_profile_pictures';

/**
 * Publishes user.updated, now carrying the picture's URL, for each user whose data-URL picture the
 * 0002 migration moved, so the other services' projections stop holding the bytes. Runs at every
 * start; once they are all announced it is one query on an empty table.
 */
export function announceMovedPictures(deps: AccountsDeps) {
  const { outbox, clock } = deps;
  const { inTransaction } = accountAccess(deps);
  return async function announceMovedPictures(): Promise<number> {
    let announced = 0;
    for (;;) {
      const context = { at: clock.now(), requestId: PICTURE_MIGRATION_REQUEST };
      const batch = await inTransaction(async (trx) => {
        const ids = await takeMovedPictures(trx, ANNOUNCE_BATCH);
        for (const id of ids) {
          const user = await findUserById(trx, id);
          if (user) await outbox.enqueue(trx, userUpdated(user, context));
        }
        return ids.length;
      });
      announced += batch;
      if (batch < ANNOUNCE_BATCH) return announced;
    }
  };
}
