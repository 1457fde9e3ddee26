import { sql } from 'kysely';
import type { ActivityType } from '@warriors/contracts';
import type { BadgeScope } from '../domain/badge-catalog';
import { scopeRanges } from '../domain/badges';
import type { BonusEntry, LedgerEntry, ScopeTotals } from '../domain/ledger';
import type { LocalDate } from '@warriors/contracts';
import { inSchema, type Executor } from './schema';

/** False when the activity (or the bonus) is already in the ledger. */
export async function insertLedgerEntry(db: Executor, entry: LedgerEntry | BonusEntry): Promise<boolean> {
  const inserted = await inSchema(db)
    .insertInto('ledger')
    .values(entry)
    .onConflict((oc) => oc.column('source_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

type Sums = Record<`${'q' | 'p'}_${BadgeScope}`, number>;

/** Per activity type, the user's quantity and points in each scope around `date`; bonuses are not logged work. */
export async function scopeTotals(db: Executor, userId: string, date: LocalDate): Promise<ScopeTotals[]> {
  const ranges = scopeRanges(date);
  const within = (scope: keyof typeof ranges, column: 'quantity' | 'points') =>
    sql<number>`coalesce(sum(${sql.ref(column)}) filter (where local_date between ${ranges[scope].from} and ${ranges[scope].to}), 0)::int`;
  const rows = await inSchema(db)
    .selectFrom('ledger')
    .select([
      'activity_type',
      within('day', 'quantity').as('q_day'),
      within('week', 'quantity').as('q_week'),
      within('month', 'quantity').as('q_month'),
      within('quarter', 'quantity').as('q_quarter'),
      sql<number>`sum(quantity)::int`.as('q_lifetime'),
      within('day', 'points').as('p_day'),
      within('week', 'points').as('p_week'),
      within('month', 'points').as('p_month'),
      within('quarter', 'points').as('p_quarter'),
      sql<number>`sum(points)::int`.as('p_lifetime'),
    ])
    .where('user_id', '=', userId)
    .where('source', '=', 'activity')
    .groupBy('activity_type')
    .execute();
  // The source filter leaves activity rows only, whose type the table's check makes non-null.
  return rows.flatMap((row: { activity_type: ActivityType | null } & Sums) =>
    row.activity_type === null
      ? []
      : [
          {
            activity_type: row.activity_type,
            quantity: { day: row.q_day, week: row.q_week, month: row.q_month, quarter: row.q_quarter, lifetime: row.q_lifetime },
            points: { day: row.p_day, week: row.p_week, month: row.p_month, quarter: row.p_quarter, lifetime: row.p_lifetime },
          },
        ],
  );
}

/** The local dates on or before `upTo` with any activity, newest first (a bonus alone does not make a streak day). */
export async function activeDates(db: Executor, userId: string, upTo: LocalDate): Promise<LocalDate[]> {
  const rows = await inSchema(db)
    .selectFrom('ledger')
    .select('local_date')
    .distinct()
    .where('user_id', '=', userId)
    .where('source', '=', 'activity')
    .where('local_date', '<=', upTo)
    .orderBy('local_date', 'desc')
    .execute();
  return rows.map((r) => r.local_date);
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
    .groupBy(['user_id', 'local_date'])
    .execute();
}

export async function allTimePoints(db: Executor): Promise<Array<{ user_id: string; points: number }>> {
  return inSchema(db)
    .selectFrom('ledger')
    .select(['user_id', sql<number>`sum(points)::int`.as('points')])
    .groupBy('user_id')
    .execute();
}

export async function activitiesSince(db: Executor, since: Date): Promise<Array<{ source_id: string; user_id: string }>> {
  return inSchema(db).selectFrom('ledger').select(['source_id', 'user_id']).where('occurred_at', '>=', since).execute();
}
