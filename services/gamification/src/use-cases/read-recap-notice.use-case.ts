import { RECAP_MESSAGES, type LocalDate, type RecapNotice } from '@warriors/contracts';
import { notFound, type Clock } from '@warriors/kit';
import { recapNotice } from '../domain/recap';
import { markRecapNoticeRead } from '../store/recap.store';
import type { Executor } from '../store/schema';

/** Marks one of the caller's recap notices read and answers it; anyone else's, or none, is a 404. Idempotent. */
export function readRecapNotice({ db, clock }: { db: Executor; clock: Clock }) {
  return async (userId: string, weekStart: LocalDate): Promise<RecapNotice> => {
    const row = await markRecapNoticeRead(db, userId, weekStart, clock.now());
    if (!row) throw notFound(RECAP_MESSAGES.noticeNotFound);
    return recapNotice(row);
  };
}
