import { CompiledQuery, sql } from 'kysely';
import type { LocalDate } from '@warriors/contracts';
import { cycleKey, scopeRanges } from '../domain/badges';
import type { BadgeContext } from '../domain/batch-badges';
import type { BonusEntry, LedgerEntry } from '../domain/ledger';
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
 * Serializes one user's activities: badge rules read the user's totals, and two concurrent
 * transactions reading before either commits would both miss the 50th call.
 */
export const lockKey = (userId: string) => `gamification:${userId}`;

export interface AppliedBatch {
  /** The batch's users who were deleted: none of their entries went in. */
  deletedUsers: Set<string>;
  /** The source ids of the entries inserted (the others were in the ledger already). */
  insertedSources: Set<string>;
  /** The badge context of a user around the date of one of the entries, as it stood before the batch. */
  contextBefore(userId: string, date: LocalDate): BadgeContext;
}

const contextKey = (userId: string, date: LocalDate) => `${userId}/${date}`;

/** A totals row's `column` summed in each scope around the context's date (calendar row `r`), as a JSON object. */
const sumsPerScope = (column: 'quantity' | 'points') => {
  const bounded = ['day', 'week', 'month', 'quarter'].map(
    (scope) => `'${scope}', coalesce(sum(dt.${column}) filter (where dt.local_date between (r.ranges -> '${scope}' ->> 'from') and (r.ranges -> '${scope}' ->> 'to')), 0)::int`,
  );
  return `json_build_object(${bounded.join(', ')}, 'lifetime', sum(dt.${column})::int)`;
};

/** See applyActivityEntries. $1 is the batch: {users, entries, calendar}. */
const APPLY_ENTRIES = `
  with batch as (select $1::json as doc),
  gone as (
    select user_id from ${SCHEMA}.deleted_users
    where user_id in (select json_array_elements_text(doc -> 'users') from batch)
  ),
  entries as (
    select e.* from batch,
      json_to_recordset(doc -> 'entries') as e(user_id text, source_id text, points int, activity_type text, quantity int, local_date text, occurred_at timestamptz)
    where e.user_id not in (select user_id from gone)
  ),
  ledger as (
    insert into ${SCHEMA}.ledger (user_id, source, source_id, points, activity_type, quantity, local_date, occurred_at)
    select user_id, 'activity', source_id, points, activity_type, quantity, local_date, occurred_at from entries
    on conflict (source_id) do nothing
    returning user_id, source_id, activity_type, quantity, points, local_date, occurred_at
  ),
  totals as (
    -- Summed first: one insert cannot update the same row twice.
    insert into ${SCHEMA}.daily_totals (user_id, local_date, activity_type, quantity, points)
    select user_id, local_date, activity_type, sum(quantity), sum(points) from ledger group by user_id, local_date, activity_type
    on conflict (user_id, local_date, activity_type)
    do update set quantity = daily_totals.quantity + excluded.quantity, points = daily_totals.points + excluded.points
  ),
  touched as (
    -- Looked up by key (= any(array)); a join here made PostgreSQL scan the whole users table per batch.
    update ${SCHEMA}.users as u
    set last_activity_at = greatest(u.last_activity_at, (select max(l.occurred_at) from ledger l where l.user_id = u.user_id))
    where u.user_id = any (array(select distinct user_id from ledger))
  ),
  calendar as (
    select c.* from batch, json_to_recordset(doc -> 'calendar') as c(local_date text, ranges json, cycles json)
  ),
  contexts as (
    select d.user_id, d.local_date,
      (select coalesce(json_agg(json_build_object('activity_type', activity_type, 'quantity', quantity, 'points', points)), '[]') from (
        select dt.activity_type, ${sumsPerScope('quantity')} as quantity, ${sumsPerScope('points')} as points
        from ${SCHEMA}.daily_totals dt where dt.user_id = d.user_id group by dt.activity_type
      ) per_type) as totals,
      (select coalesce(json_agg(distinct dt.local_date), '[]')
        from ${SCHEMA}.daily_totals dt where dt.user_id = d.user_id and dt.local_date <= d.local_date) as dates,
      (select coalesce(json_agg(json_build_object('badge_type', b.badge_type, 'cycle_key', b.cycle_key)), '[]')
        from ${SCHEMA}.user_badges b where b.user_id = d.user_id and b.cycle_key in (select json_array_elements_text(r.cycles))) as earned
    from (select distinct user_id, local_date from entries) as d join calendar r on r.local_date = d.local_date
  )
  select coalesce((select json_agg(user_id) from gone), '[]') as deleted,
    coalesce((select json_agg(source_id) from ledger), '[]') as inserted,
    coalesce((select json_agg(c) from contexts c), '[]') as contexts`;

/**
 * Applies a batch's ledger entries in one statement, run under the users' locks: inserts the
 * entries of users not deleted (an activity already in the ledger is left out), adds them to the
 * daily totals and moves the users' last activity times. Read in the same statement, so from its
 * snapshot, which sees everything committed before the locks were taken and none of this
 * statement's writes: each (user, date) of those entries' badge context as it stood before the
 * batch (the badge rules add the batch's own entries in memory). The batch travels as one JSON
 * parameter, so the statement text is the same for every batch size and binds alike on
 * node-postgres and PGlite. `userIds`: every user of the batch, whose deletion is answered too.
 */
export async function applyActivityEntries(db: Executor, userIds: readonly string[], entries: readonly LedgerEntry[]): Promise<AppliedBatch> {
  const calendar = [...new Set(entries.map((e) => e.local_date))].map((date) => ({
    local_date: date,
    ranges: scopeRanges(date),
    cycles: (['daily', 'weekly', 'monthly', 'lifetime'] as const).map((cycle) => cycleKey(cycle, date)),
  }));
  const result = await db.executeQuery<{ deleted: string[]; inserted: string[]; contexts: Array<BadgeContext & { user_id: string; local_date: LocalDate }> }>(
    CompiledQuery.raw(APPLY_ENTRIES, [JSON.stringify({ users: userIds, entries, calendar })]),
  );
  const row = result.rows[0]!;
  const contexts = new Map(row.contexts.map(({ user_id, local_date, ...context }) => [contextKey(user_id, local_date), context]));
  return {
    deletedUsers: new Set(row.deleted),
    insertedSources: new Set(row.inserted),
    contextBefore: (userId, date) => contexts.get(contextKey(userId, date))!,
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
