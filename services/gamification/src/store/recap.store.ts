import { sql } from 'kysely';
import type { ActivityType, BadgeType, LocalDate, RecapWeek } from '@warriors/contracts';
import type { RecapNoticeRow, WeekBoardRow } from '../domain/recap';
import { inSchema, type Executor } from './schema';

/** A user's points on the boards (held entries left out) by local date from `from` to `to`, both included. */
export async function dailyPointsBetween(db: Executor, userId: string, from: LocalDate, to: LocalDate): Promise<Array<{ local_date: LocalDate; points: number }>> {
  return inSchema(db)
    .selectFrom('ledger')
    .select(['local_date', sql<number>`sum(points)::int`.as('points')])
    .where('user_id', '=', userId)
    .where('local_date', '>=', from)
    .where('local_date', '<=', to)
    .where('held', '=', false)
    .groupBy('local_date')
    .execute();
}

/** A user's units logged (held entries left out, as the daily totals keep them) by local date and type, from `from` to `to`. */
export async function dailyUnitsBetween(
  db: Executor,
  userId: string,
  from: LocalDate,
  to: LocalDate,
): Promise<Array<{ local_date: LocalDate; activity_type: ActivityType; quantity: number }>> {
  return inSchema(db)
    .selectFrom('daily_totals')
    .select(['local_date', 'activity_type', 'quantity'])
    .where('user_id', '=', userId)
    .where('local_date', '>=', from)
    .where('local_date', '<=', to)
    .execute();
}

/** The badges a user earned at or after `from` and before `to`. */
export async function badgesEarnedBetween(db: Executor, userId: string, from: Date, to: Date): Promise<Array<{ badge_type: BadgeType; earned_at: Date }>> {
  return inSchema(db)
    .selectFrom('user_badges')
    .select(['badge_type', 'earned_at'])
    .where('user_id', '=', userId)
    .where('earned_at', '>=', from)
    .where('earned_at', '<', to)
    .execute();
}

/**
 * Every user's points on the boards (held entries left out) in each of two weeks, from the ledger:
 * the two weeks' boards, as the 7 Days boards ending on their Sundays held them. Users without points
 * in either week are left out; who is shown is the caller's to judge.
 */
export async function weekBoards(db: Executor, week: RecapWeek, previous: RecapWeek): Promise<WeekBoardRow[]> {
  return inSchema(db)
    .selectFrom('ledger')
    .select([
      'user_id',
      sql<number>`coalesce(sum(points) filter (where local_date >= ${week.start}), 0)::int`.as('week'),
      sql<number>`coalesce(sum(points) filter (where local_date <= ${previous.end}), 0)::int`.as('previous'),
    ])
    .where('local_date', '>=', previous.start)
    .where('local_date', '<=', week.end)
    .where('held', '=', false)
    .groupBy('user_id')
    .execute();
}

export async function findRecapNotice(db: Executor, userId: string, weekStart: LocalDate): Promise<RecapNoticeRow | undefined> {
  return inSchema(db)
    .selectFrom('recap_notices')
    .select(['week_start', 'created_at', 'read_at'])
    .where('user_id', '=', userId)
    .where('week_start', '=', weekStart)
    .executeTakeFirst();
}

/** Makes the user's notice of a week unless it exists: concurrent first reads make one. */
export async function insertRecapNotice(db: Executor, userId: string, weekStart: LocalDate, at: Date): Promise<void> {
  await inSchema(db)
    .insertInto('recap_notices')
    .values({ user_id: userId, week_start: weekStart, created_at: at, read_at: null })
    .onConflict((oc) => oc.columns(['user_id', 'week_start']).doNothing())
    .execute();
}

/** Marks the user's notice of a week read (the first reading's time is kept) and answers it; undefined when they have no such notice. */
export async function markRecapNoticeRead(db: Executor, userId: string, weekStart: LocalDate, at: Date): Promise<RecapNoticeRow | undefined> {
  return inSchema(db)
    .updateTable('recap_notices')
    .set({ read_at: sql`coalesce(read_at, ${at})` })
    .where('user_id', '=', userId)
    .where('week_start', '=', weekStart)
    .returning(['week_start', 'created_at', 'read_at'])
    .executeTakeFirst();
}
