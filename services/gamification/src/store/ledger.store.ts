import { sql } from 'kysely';
import type { ActivityType, BadgeType, LocalDate } from '@warriors/contracts';
import { cycleKey, scopeRanges } from '../domain/badges';
import type { BonusEntry, LedgerEntry, ScopeTotals } from '../domain/ledger';
import { inSchema, SCHEMA, type Executor } from './schema';

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

/**
 * Applies an activity's ledger row in one statement (one round trip where it took six): takes the
 * user's lock (see lockKey), records the event in the inbox, and, if the event is new and the user
 * not deleted, inserts the ledger row, adds it to the user's daily totals and moves their last
 * activity time. The statements after it in the transaction run under the lock, on a snapshot that
 * sees every earlier event of the user committed.
 */
export async function applyActivityEntry(
  db: Executor,
  eventId: string,
  entry: LedgerEntry,
  at: Date,
): Promise<{ firstTime: boolean; deleted: boolean; inserted: boolean }> {
  const t = (name: string) => sql.table(`${SCHEMA}.${name}`);
  const result = await sql<{ first_time: boolean; deleted: boolean; inserted: boolean; locked: boolean }>`
    with locked as (select pg_advisory_xact_lock(hashtext(${lockKey(entry.user_id)})) is not null as done),
    inbox as (
      insert into ${t('inbox')} (event_id, applied_at) values (${eventId}, ${at})
      on conflict (event_id) do nothing returning event_id
    ),
    gone as (select 1 from ${t('deleted_users')} where user_id = ${entry.user_id}),
    ledger as (
      insert into ${t('ledger')} (user_id, source, source_id, points, activity_type, quantity, local_date, occurred_at)
      select ${entry.user_id}::text, ${entry.source}::text, ${entry.source_id}::text, ${entry.points}::int, ${entry.activity_type}::text,
        ${entry.quantity}::int, ${entry.local_date}::text, ${entry.occurred_at}::timestamptz
      where exists (select 1 from inbox) and not exists (select 1 from gone)
      on conflict (source_id) do nothing returning id
    ),
    totals as (
      insert into ${t('daily_totals')} (user_id, local_date, activity_type, quantity, points)
      select ${entry.user_id}::text, ${entry.local_date}::text, ${entry.activity_type}::text, ${entry.quantity}::int, ${entry.points}::int from ledger
      on conflict (user_id, local_date, activity_type)
      do update set quantity = daily_totals.quantity + excluded.quantity, points = daily_totals.points + excluded.points
    ),
    touched as (
      update ${t('users')} set last_activity_at = greatest(coalesce(last_activity_at, ${entry.occurred_at}::timestamptz), ${entry.occurred_at}::timestamptz)
      where user_id = ${entry.user_id} and exists (select 1 from ledger)
    )
    select (select done from locked) as locked,
      exists (select 1 from inbox) as first_time,
      exists (select 1 from gone) as deleted,
      exists (select 1 from ledger) as inserted`.execute(db);
  const row = result.rows[0]!;
  return { firstTime: row.first_time, deleted: row.deleted, inserted: row.inserted };
}

/**
 * Serializes one user's activities: badge rules read the user's totals, and two concurrent
 * transactions reading before either commits would both miss the 50th call.
 */
export const lockKey = (userId: string) => `gamification:${userId}`;

interface TotalsRow {
  activity_type: ActivityType;
  q_day: number;
  q_week: number;
  q_month: number;
  q_quarter: number;
  q_lifetime: number;
  p_day: number;
  p_week: number;
  p_month: number;
  p_quarter: number;
  p_lifetime: number;
}

export interface BadgeContext {
  totals: ScopeTotals[];
  /** The local dates on or before the activity's with logged work, newest first. */
  dates: LocalDate[];
  /** Badges already earned in the cycles an activity on this date counts towards. */
  earned: Array<{ badge_type: BadgeType; cycle_key: string }>;
}

/**
 * What the badge rules need about a user around `date`, in one statement: per activity type the
 * quantity and points in each scope, the active dates for the streak, and the badges already held
 * in the current cycles (so the insert runs only for a new one). Read from the daily totals.
 */
export async function badgeContext(db: Executor, userId: string, date: LocalDate): Promise<BadgeContext> {
  const ranges = scopeRanges(date);
  const within = (scope: keyof typeof ranges, column: 'quantity' | 'points') =>
    sql`coalesce(sum(${sql.ref(column)}) filter (where local_date between ${ranges[scope].from} and ${ranges[scope].to}), 0)::int`;
  const daily = sql.table(`${SCHEMA}.daily_totals`);
  const cycles = (['daily', 'weekly', 'monthly', 'lifetime'] as const).map((cycle) => cycleKey(cycle, date));
  const result = await sql<{ totals: TotalsRow[]; dates: LocalDate[]; earned: BadgeContext['earned'] }>`
    select
      (select coalesce(json_agg(t), '[]') from (
        select activity_type,
          ${within('day', 'quantity')} as q_day, ${within('week', 'quantity')} as q_week,
          ${within('month', 'quantity')} as q_month, ${within('quarter', 'quantity')} as q_quarter,
          sum(quantity)::int as q_lifetime,
          ${within('day', 'points')} as p_day, ${within('week', 'points')} as p_week,
          ${within('month', 'points')} as p_month, ${within('quarter', 'points')} as p_quarter,
          sum(points)::int as p_lifetime
        from ${daily} where user_id = ${userId} group by activity_type
      ) t) as totals,
      (select coalesce(array_agg(distinct local_date order by local_date desc), '{}')
        from ${daily} where user_id = ${userId} and local_date <= ${date}) as dates,
      (select coalesce(json_agg(json_build_object('badge_type', badge_type, 'cycle_key', cycle_key)), '[]')
        from ${sql.table(`${SCHEMA}.user_badges`)} where user_id = ${userId} and cycle_key in (${sql.join(cycles)})) as earned`.execute(db);
  const row = result.rows[0]!;
  return {
    totals: row.totals.map((r) => ({
      activity_type: r.activity_type,
      quantity: { day: r.q_day, week: r.q_week, month: r.q_month, quarter: r.q_quarter, lifetime: r.q_lifetime },
      points: { day: r.p_day, week: r.p_week, month: r.p_month, quarter: r.p_quarter, lifetime: r.p_lifetime },
    })),
    dates: row.dates,
    earned: row.earned,
  };
}

/** The local dates on or before `upTo` with logged work, newest first (a bonus alone does not make a streak day). */
export async function activeDates(db: Executor, userId: string, upTo: LocalDate): Promise<LocalDate[]> {
  const rows = await inSchema(db)
    .selectFrom('daily_totals')
    .select('local_date')
    .distinct()
    .where('user_id', '=', userId)
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
