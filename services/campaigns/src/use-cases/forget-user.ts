import { deleteCampaignsCreatedBy } from '../store/campaigns.store';
import { deleteGoalsOf } from '../store/goals.store';
import type { Executor } from '../store/schema';

/**
 * What campaigns forgets of a deleted user besides their projection row: their goals and the
 * campaigns they created. Runs in the deletion's transaction, under the user's lock.
 */
export async function forgetUser(trx: Executor, userId: string): Promise<void> {
  await deleteGoalsOf(trx, userId);
  await deleteCampaignsCreatedBy(trx, userId);
}
