import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { BadgeType } from '@warriors/contracts';
import type { EarnedBadgeRow, QualifiedBadge } from '../domain/badges';
import { inSchema, type Executor } from './schema';

export interface InsertedBadgeRow extends EarnedBadgeRow {
  user_id: string;
  cycle_key: string;
}

/** Inserts the badges not yet earned in their cycle, for any users at once, and answers only those. */
export async function insertNewBadges(db: Executor, qualified: ReadonlyArray<{ userId: string; badge: QualifiedBadge }>, at: Date): Promise<InsertedBadgeRow[]> {
  if (qualified.length === 0) return [];
  return inSchema(db)
    .insertInto('user_badges')
    .values(qualified.map(({ userId, badge }) => ({ id: randomUUID(), user_id: userId, badge_type: badge.spec.key, cycle_key: badge.cycleKey, earned_at: at })))
    .onConflict((oc) => oc.columns(['user_id', 'badge_type', 'cycle_key']).doNothing())
    .returning(['id', 'user_id', 'badge_type', 'cycle_key', 'earned_at'])
    .execute();
}

/** How many rows (cycles earned) each of the users has of each of the badge types, pairs without rows left out. */
export async function badgeRowCounts(
  db: Executor,
  userIds: readonly string[],
  types: readonly BadgeType[],
): Promise<Array<{ user_id: string; badge_type: BadgeType; rows: number }>> {
  if (userIds.length === 0 || types.length === 0) return [];
  return inSchema(db)
    .selectFrom('user_badges')
    .select(['user_id', 'badge_type', sql<number>`count(*)::int`.as('rows')])
    .where('user_id', 'in', userIds)
    .where('badge_type', 'in', types)
    .groupBy(['user_id', 'badge_type'])
    .execute();
}

export async function badgeRows(db: Executor, userId: string): Promise<EarnedBadgeRow[]> {
  return inSchema(db).selectFrom('user_badges').select(['id', 'badge_type', 'earned_at']).where('user_id', '=', userId).execute();
}

/** Removes a user's badges in the given cycles (their rule no longer holds): the badge may be earned again in that cycle. */
export async function revokeBadges(db: Executor, userId: string, badges: ReadonlyArray<{ badge_type: BadgeType; cycle_key: string }>): Promise<void> {
  if (badges.length === 0) return;
  await inSchema(db)
    .deleteFrom('user_badges')
    .where('user_id', '=', userId)
    .where((eb) => eb.or(badges.map((b) => eb.and([eb('badge_type', '=', b.badge_type), eb('cycle_key', '=', b.cycle_key)]))))
    .execute();
}
