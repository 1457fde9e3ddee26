import { usableTimezone, type RecapNotice } from '@warriors/contracts';
import type { Clock } from '@warriors/kit';
import { recapNotice, recapWeeks } from '../domain/recap';
import { findRecapNotice, insertRecapNotice } from '../store/recap.store';
import type { Executor } from '../store/schema';
import { findUser, projectedUsers } from '../store/users.store';

/**
 * The bell's recap line: the notice of the user's last complete local week, made by their first bell
 * read of the week (lazily: a week without a visit makes none) and read back afterwards. Made under
 * the user's lock after checking they are live, as their deletion forgets notices under the same
 * lock: a read racing the deletion cannot leave one behind.
 */
export function listRecapNotices({ db, clock }: { db: Executor; clock: Clock }) {
  return async (userId: string): Promise<RecapNotice[]> => {
    const timezone = usableTimezone((await findUser(db, userId))?.timezone ?? 'UTC');
    const { week } = recapWeeks(clock.now(), timezone);
    let row = await findRecapNotice(db, userId, week.start);
    if (!row) {
      row = await db.transaction().execute(async (trx) => {
        if (!(await projectedUsers.lockLive(trx, userId))) return undefined;
        await insertRecapNotice(trx, userId, week.start, clock.now());
        return findRecapNotice(trx, userId, week.start);
      });
    }
    return row ? [recapNotice(row)] : [];
  };
}
