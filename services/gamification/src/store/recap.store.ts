import { sql } from 'kysely';
import type { ActivityType, BadgeType, LocalDate, RecapWeek } from '@warriors/contracts';
import type { RecapNoticeRow } from '../domain/recap';
import { inSchema, SCHEMA, type Executor } from './schema';

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
 * The user's rank on each week's board, from the ledger: every user shown on the leaderboard with
 * points in the week, by points descending then user id descending in byte order (the order of the
 * live boards' sorted sets, domain/ranking.ts), the way the 7 Days board ending on the week's Sunday
 * ranked them. Null for a week the user has no points in, or while they hide from the boards.
 */
export async function weekRanks(db: Executor, userId: string, week: RecapWeek, previous: RecapWeek): Promise<{ week: number | null; previous: number | null }> {
  const ledger = sql.table(`${SCHEMA}.ledger`);
  const users = sql.table(`${SCHEMA}.users`);
  const { rows } = await sql<{ week: number | null; previous: number | null }>`
    with board as (
      select l.user_id,
        coalesce(sum(l.points) filter (where l.local_date >= ${week.start}), 0) as week,
        coalesce(sum(l.points) filter (where l.local_date <= ${previous.end}), 0) as previous
      from ${ledger} l
      join ${users} u on u.user_id = l.user_id and u.show_on_leaderboard
      where l.local_date between ${previous.start} and ${week.end} and not l.held
      group by l.user_id
    ), me as (select * from board where user_id = ${userId})
    select
      case when me.week > 0 then 1 + (select count(*) from board b where b.week > me.week or (b.week = me.week and b.user_id collate "C" > me.user_id collate "C")) end::int as week,
      case when me.previous > 0 then 1 + (select count(*) from board b where b.previous > me.previous or (b.previous = me.previous and b.user_id collate "C" > me.user_id collate "C")) end::int as previous
    from me`.execute(db);
  return rows[0] ?? { week: null, previous: null };
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
