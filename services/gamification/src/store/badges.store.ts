import { randomUUID } from 'node:crypto';
import type { BadgeType } from '@warriors/contracts';
import type { EarnedBadgeRow, QualifiedBadge } from '../domain/badges';
import { inSchema, type Executor } from './schema';

/** Inserts the badges not yet earned in their cycle and answers only those. */
export async function insertNewBadges(db: Executor, userId: string, qualified: readonly QualifiedBadge[], at: Date): Promise<EarnedBadgeRow[]> {
  if (qualified.length === 0) return [];
  return inSchema(db)
    .insertInto('user_badges')
    .values(qualified.map((q) => ({ id: randomUUID(), user_id: userId, badge_type: q.spec.key, cycle_key: q.cycleKey, earned_at: at })))
    .onConflict((oc) => oc.columns(['user_id', 'badge_type', 'cycle_key']).doNothing())
    .returning(['id', 'badge_type', 'earned_at'])
    .execute();
}

export async function badgeRows(db: Executor, userId: string, types?: readonly BadgeType[]): Promise<EarnedBadgeRow[]> {
  let query = inSchema(db).selectFrom('user_badges').select(['id', 'badge_type', 'earned_at']).where('user_id', '=', userId);
  if (types) {
    if (types.length === 0) return [];
    query = query.where('badge_type', 'in', types);
  }
  return query.execute();
}
