import { sql } from 'kysely';
import type { BadgeType, ExportBadge, ExportLedgerRow } from '@warriors/contracts';
import { inSchema, type Executor } from './schema';

/** Which of these activities of the user are held above a daily ceiling now. */
export async function heldAmong(db: Executor, userId: string, activityIds: readonly string[]): Promise<string[]> {
  if (activityIds.length === 0) return [];
  const rows = await inSchema(db)
    .selectFrom('ledger')
    .select('source_id')
    .where('user_id', '=', userId)
    .where('source', '=', 'activity')
    .where('held', '=', true)
    .where('source_id', 'in', activityIds)
    .execute();
  return rows.map((row) => row.source_id);
}

export type LedgerExportRow = Omit<ExportLedgerRow, 'id' | 'occurred_at' | 'confirmed_at'> & { id: string; occurred_at: Date; confirmed_at: Date | null };

/**
 * A page of a user's ledger in (local_date, id) order, after `after`: the index on (user_id,
 * local_date) gives the days in order, each day's rows sorted by id.
 */
export async function ledgerPage(db: Executor, userId: string, after: LedgerExportRow | null, limit: number): Promise<LedgerExportRow[]> {
  let query = inSchema(db)
    .selectFrom('ledger')
    .select(['id', 'source', 'source_id', 'points', 'activity_type', 'quantity', 'local_date', 'occurred_at', 'held', 'confirmed_at'])
    .where('user_id', '=', userId)
    .orderBy('local_date')
    .orderBy('id')
    .limit(limit);
  if (after) {
    query = query.where('local_date', '>=', after.local_date).where((eb) => eb(eb.refTuple('local_date', sql<string>`id`), '>', eb.tuple(after.local_date, after.id)));
  }
  return query.execute();
}

export type BadgeExportRow = Omit<ExportBadge, 'name' | 'badge_type' | 'earned_at'> & { badge_type: BadgeType; earned_at: Date };

/** A page of a user's badges in (earned_at, id) order, after `after`. */
export async function badgesPage(db: Executor, userId: string, after: BadgeExportRow | null, limit: number): Promise<BadgeExportRow[]> {
  let query = inSchema(db)
    .selectFrom('user_badges')
    .select(['id', 'badge_type', 'cycle_key', 'earned_at'])
    .where('user_id', '=', userId)
    .orderBy('earned_at')
    .orderBy('id')
    .limit(limit);
  if (after) query = query.where((eb) => eb(eb.refTuple('earned_at', 'id'), '>', eb.tuple(after.earned_at, after.id)));
  return query.execute();
}
