import type { Executor } from '../store/schema';
import { forgetUserRows } from '../store/users.store';

/** A deleted user leaves the pulse and every bell: their lines (as actor or related user) and their nudges, sent and received. */
export async function forgetUser(trx: Executor, userId: string): Promise<void> {
  await forgetUserRows(trx, userId);
}
