import type { EventOf } from '@warriors/contracts';
import { applyBatchOnce, byUserOnce, markEntryDeleted } from '@warriors/kit';
import { creditsOf, reverseEntry } from '../store/scoring.store';
import { SCHEMA } from '../store/schema';
import { userLock } from '../store/users.store';
import { boardDeltas } from './board-pages';
import type { RecordDeps } from './record-activity';

/**
 * activity.deleted in challenges. In ONE transaction under the user's lock with the inbox entry: the
 * entry marked deleted (a log of it applied later scores nothing), and its credits taken back from
 * exactly the memberships they went to, its day's units given back (reverseEntry). Then the board, as
 * a log's: the reversal's negated credits keyed by the deletion's id, a redelivery's too (read back: a
 * crash may have come between the commit and the board), so the store's apply marker takes them once.
 * Answers the number of memberships the deletion took points or units from.
 */
export async function reverseActivity(deps: RecordDeps, event: EventOf<'activity.deleted'>, at: Date): Promise<number> {
  const { db, board, pages } = deps;
  const { data } = event;
  const taken = await applyBatchOnce(db, [event], byUserOnce(SCHEMA, at, userLock), async ({ trx, fresh }) => {
    if (fresh.length === 0 || !(await markEntryDeleted(trx, SCHEMA, data.activity_id, at))) return null;
    const entry = {
      activityId: data.activity_id,
      deletionId: event.id,
      userId: data.user_id,
      activityType: data.activity_type,
      localDate: data.local_date,
      quantity: data.quantity,
    };
    return reverseEntry(trx, entry, at);
  });
  const reversal = taken ?? (await creditsOf(db, [event.id]));
  const deltas = boardDeltas(reversal);
  if (deltas.length > 0) await board.applyAll([{ applyId: event.id, member: data.user_id, deltas }]);
  if (pages) for (const challengeId of new Set(reversal.map((c) => c.challenge_id))) pages.forget(challengeId);
  return taken?.length ?? 0;
}
