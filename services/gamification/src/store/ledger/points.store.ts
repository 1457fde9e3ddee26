import { sql } from 'kysely';
import { addDays, type LocalDate } from '@warriors/contracts';
import type { StreakDay } from '../../domain/streak';
import { inSchema, type Executor } from '../schema';

/**
 * The local dates on or before `upTo` with logged work and the points each made, newest first: what
 * the streak is folded from (a bonus alone does not make a streak day, nor count towards a freeze).
 */
export async function workedDays(db: Executor, userId: string, upTo: LocalDate): Promise<StreakDay[]> {
  return inSchema(db)
    .selectFrom('daily_totals')
    .select(['local_date', sql<number>`sum(points)::int`.as('points')])
    .where('user_id', '=', userId)
    .where('local_date', '<=', upTo)
    .groupBy('local_date')
    .orderBy('local_date', 'desc')
    .execute();
}

export interface DailyPoints {
  user_id: string;
  local_date: LocalDate;
  points: number;
}

export async function dailyPointsSince(db: Executor, from: LocalDate): Promise<DailyPoints[]> {
  return inSchema(db)
    .selectFrom('ledger')
    .select(['user_id', 'local_date', sql<number>`sum(points)::int`.as('points')])
    .where('local_date', '>=', from)
    .where('held', '=', false)
    .groupBy(['user_id', 'local_date'])
    .execute();
}

export async function allTimePoints(db: Executor): Promise<Array<{ user_id: string; points: number }>> {
  return inSchema(db)
    .selectFrom('ledger')
    .select(['user_id', sql<number>`sum(points)::int`.as('points')])
    .where('held', '=', false)
    .groupBy('user_id')
    .execute();
}

/**
 * Ledger entries on the boards (activities and bonuses; a held row is left out, its confirmation
 * applies it) that occurred, or were confirmed after a hold, at or after `since`.
 */
export async function entriesSince(db: Executor, since: Date): Promise<Array<{ source_id: string; user_id: string; local_date: LocalDate; points: number }>> {
  return inSchema(db)
    .selectFrom('ledger')
    .select(['source_id', 'user_id', 'local_date', 'points'])
    .where('held', '=', false)
    .where((eb) => eb.or([eb('occurred_at', '>=', since), eb('confirmed_at', '>=', since)]))
    .execute();
}

export interface PointsByWindow {
  today: number;
  last7: number;
  last30: number;
  total: number;
}

/** A user's points on the boards (held entries left out) on `today`, its last 7 and 30 local dates, and all told; one statement. */
export async function pointsByWindow(db: Executor, userId: string, today: LocalDate): Promise<PointsByWindow> {
  const since = (from: LocalDate) => sql<number>`coalesce(sum(points) filter (where local_date between ${from} and ${today}), 0)::int`;
  const row = await inSchema(db)
    .selectFrom('ledger')
    .select([since(today).as('today'), since(addDays(today, -6)).as('last7'), since(addDays(today, -29)).as('last30'), sql<number>`coalesce(sum(points), 0)::int`.as('total')])
    .where('user_id', '=', userId)
    .where('held', '=', false)
    .executeTakeFirstOrThrow();
  return row;
}
