import type { EventOf } from '@warriors/contracts';
import { bonusEntryFor } from '../domain/ledger';
import { isDeleted, markApplied } from '../store/inbox.store';
import { insertLedgerEntry } from '../store/ledger.store';
import type { Executor } from '../store/schema';

export type BonusOutcome = 'applied' | 'duplicate' | 'deleted-user';

/**
 * The SQL half of campaign.completed: inbox and the bonus's ledger row in one transaction. No user
 * lock and no badge rules: a bonus is not logged work, so it changes nothing badges read.
 */
export async function recordCampaignBonus(db: Executor, event: EventOf<'campaign.completed'>, at: Date): Promise<BonusOutcome> {
  const entry = bonusEntryFor(event);
  return db.transaction().execute(async (trx): Promise<BonusOutcome> => {
    const firstTime = await markApplied(trx, event.id, at);
    if (await isDeleted(trx, entry.user_id)) return 'deleted-user';
    if (!firstTime || !(await insertLedgerEntry(trx, entry))) return 'duplicate';
    return 'applied';
  });
}
