import { CompiledQuery, sql, type ExpressionBuilder } from 'kysely';
import { preparedStatement, type GroupInsertSpec } from '@warriors/kit';
import type { ActivityType, LogResult } from '@warriors/contracts';
import type { ActivityRecord } from '../domain/activity';
import type { LocalDate } from '@warriors/contracts';
import type { StatsGroup } from '../domain/stats';
import type { PointsPeriods, PointsTotals } from '../domain/summary';
import type { DateRange } from '../domain/windows';
import { SCHEMA, type ActivityDatabase, type Executor } from './schema';

/** The entries that count: a deleted one keeps its row, and no read of entries sees it. */
const activities = (db: Executor) => db.withSchema(SCHEMA).selectFrom('activities').where('activities.deleted_at', 'is', null);

const RECORD_COLUMNS = ['id', 'user_id', 'activity_type', 'quantity', 'points', 'note', 'created_at', 'idempotency_key'] as const;
const localDateText = sql<LocalDate>`local_date::text`.as('local_date');

type Where = ExpressionBuilder<ActivityDatabase, 'activities'>;

/** local_date within the range, both ends included. */
const within = (eb: Where, range: DateRange) =>
  range.from === null ? eb('local_date', '<=', range.to) : eb.and([eb('local_date', '>=', range.from), eb('local_date', '<=', range.to)]);

/**
 * How an activity goes in with its activity.logged event (Outbox.groupInsert): no row, and no event,
 * when the user already logged one with the same Idempotency-Key.
 */
export const ACTIVITY_INSERT: GroupInsertSpec = {
  table: 'activities',
  columns: {
    id: 'uuid',
    user_id: 'text',
    activity_type: 'text',
    quantity: 'int',
    points: 'int',
    note: 'text',
    local_date: 'date',
    created_at: 'timestamptz',
    idempotency_key: 'text',
  } satisfies Record<keyof ActivityRecord, string>,
  key: 'id',
  conflict: ['user_id', 'idempotency_key'],
};

export async function findByIdempotencyKey(db: Executor, userId: string, key: string): Promise<{ record: ActivityRecord; result: LogResult | null } | undefined> {
  const row = await db
    .withSchema(SCHEMA)
    .selectFrom('activities as a')
    .leftJoin('activity_results as r', 'r.activity_id', 'a.id')
    .select([...RECORD_COLUMNS.map((column) => `a.${column}` as const), localDateText, 'r.result'])
    .where('a.user_id', '=', userId)
    .where('a.idempotency_key', '=', key)
    .executeTakeFirst();
  if (!row) return undefined;
  const { result, ...record } = row;
  // An answer stored before answers carried the streak has none: null sends the web to /me for it.
  return { record, result: result && { ...result, streak_days: result.streak_days ?? null } };
}

// One JSON object of answers by activity id: one statement text for any number of answers. An
// activity deleted meanwhile (its account was, by cascade) has nobody left to replay its answer to:
// it is skipped, instead of its foreign key failing the statement and every other log's answer with
// it. KEY SHARE makes a deletion in progress finish first (the row is then skipped) or wait for us.
// The activities are found by `= any(array(...))` in the primary key: joined with the JSON's rows
// instead, PostgreSQL guessed a hundred of them and hashed them against a scan of the whole table,
// a cost that grew with every activity ever logged.
const SAVE_RESULTS = preparedStatement(`
  insert into ${SCHEMA}.activity_results (activity_id, result)
  select a.id, $1::jsonb -> a.id::text from ${SCHEMA}.activities a
  where a.id = any (array(select jsonb_object_keys($1::jsonb)::uuid))
  for key share of a
  on conflict (activity_id) do nothing`);

/** Stores the first answers of several logs in one statement (see the batcher in log-activity). */
export async function saveResults(db: Executor, answers: ReadonlyArray<{ activityId: string; result: LogResult }>): Promise<void> {
  if (answers.length === 0) return;
  const byActivity = Object.fromEntries(answers.map((a) => [a.activityId, a.result]));
  await db.executeQuery(CompiledQuery.raw(SAVE_RESULTS, [JSON.stringify(byActivity)]));
}

/** Units logged per type in `current` and in `previous` (when given). */
export async function countsByType(
  db: Executor,
  userId: string,
  current: DateRange,
  previous: DateRange | null,
): Promise<Array<{ activity_type: ActivityType; count: number; prev_count: number }>> {
  return activities(db)
    .select((eb) => [
      'activity_type',
      sql<number>`coalesce(sum(quantity) filter (where ${within(eb, current)}), 0)::int`.as('count'),
      (previous ? sql<number>`coalesce(sum(quantity) filter (where ${within(eb, previous)}), 0)::int` : sql<number>`0`).as('prev_count'),
    ])
    .where('user_id', '=', userId)
    .where((eb) => (previous ? eb.or([within(eb, current), within(eb, previous)]) : within(eb, current)))
    .groupBy('activity_type')
    .execute();
}

export async function pointsTotals(db: Executor, userId: string, periods: PointsPeriods): Promise<PointsTotals> {
  const since = (from: LocalDate) => sql<number>`coalesce(sum(points) filter (where local_date >= ${from} and local_date <= ${periods.today}), 0)::int`;
  return activities(db)
    .select([
      since(periods.today).as('today'),
      since(periods.week).as('week'),
      since(periods.month).as('month'),
      since(periods.year).as('year'),
      sql<number>`coalesce(sum(points), 0)::int`.as('total'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
}

export async function pointsByDate(db: Executor, userId: string, range: DateRange): Promise<Map<LocalDate, number>> {
  const rows = await activities(db)
    .select([localDateText, sql<number>`sum(points)::int`.as('points')])
    .where('user_id', '=', userId)
    .where((eb) => within(eb, range))
    .groupBy('local_date')
    .execute();
  return new Map(rows.map((r) => [r.local_date, r.points]));
}

/**
 * A user's units and points per local date and type from `from` on, and per type before it (with a
 * null date): every figure of their stats in one statement.
 */
export async function statsGroups(db: Executor, userId: string, from: LocalDate): Promise<StatsGroup[]> {
  const day = sql<LocalDate | null>`case when local_date >= ${from} then local_date::text end`;
  return (
    activities(db)
      .select([day.as('local_date'), 'activity_type', sql<number>`sum(quantity)::int`.as('quantity'), sql<number>`sum(points)::int`.as('points')])
      .where('user_id', '=', userId)
      // By position: the date expression binds `from` again if repeated, and PostgreSQL would not see the same expression.
      .groupBy([sql`1`, 'activity_type'])
      .execute()
  );
}

export interface FeedRow {
  id: string;
  user_id: string;
  name: string;
  username: string;
  activity_type: ActivityType;
  quantity: number;
  points: number;
  created_at: Date;
  company: string | null;
  city: string | null;
  state: string | null;
  kudos: number;
  kudos_given: boolean;
}

const kudosTable = sql.table(`${SCHEMA}.kudos`);

/**
 * The newest activities of users who show in the community feed, each with its kudos count and
 * whether `viewerId` gave it kudos: one statement, the counts read from the kudos key's index for
 * the page's rows only (the page is cut first, then counted).
 */
export async function recentVisible(db: Executor, limit: number, viewerId: string | null): Promise<FeedRow[]> {
  const page = db
    .withSchema(SCHEMA)
    .selectFrom('activities as a')
    .innerJoin('users as u', 'u.user_id', 'a.user_id')
    .select(['a.id', 'a.seq', 'a.user_id', 'u.name', 'u.username', 'a.activity_type', 'a.quantity', 'a.points', 'a.created_at', 'u.company', 'u.city', 'u.state'])
    .where('u.show_in_battle_pulse', '=', true)
    .where('a.deleted_at', 'is', null)
    .orderBy('a.created_at', 'desc')
    .orderBy('a.seq', 'desc')
    .limit(limit)
    .as('f');
  return db
    .selectFrom(page)
    .select([
      'f.id',
      'f.user_id',
      'f.name',
      'f.username',
      'f.activity_type',
      'f.quantity',
      'f.points',
      'f.created_at',
      'f.company',
      'f.city',
      'f.state',
      sql<number>`(select count(*)::int from ${kudosTable} k where k.entry_id = f.id)`.as('kudos'),
      sql<boolean>`exists (select 1 from ${kudosTable} k where k.entry_id = f.id and k.giver_id = ${viewerId})`.as('kudos_given'),
    ])
    .orderBy('f.created_at', 'desc')
    .orderBy('f.seq', 'desc')
    .execute();
}

/** An entry as the exports read it, with the key the next page starts after. */
export type ExportedActivityRow = Omit<ActivityRecord, 'user_id' | 'idempotency_key'> & { seq: string };

/**
 * A page of a user's entries in (local_date, created_at, seq) order, after `after`. The index on
 * (user_id, local_date) gives the days in order and each day's few rows are sorted (an incremental
 * sort): a page costs its rows and the rest of its first day, whatever the log's length.
 */
export async function exportedEntriesPage(db: Executor, userId: string, after: ExportedActivityRow | null, limit: number): Promise<ExportedActivityRow[]> {
  let query = activities(db)
    .select(['id', 'seq', 'activity_type', 'quantity', 'points', 'note', localDateText, 'created_at'])
    .where('user_id', '=', userId)
    // The table's column, not the text the select names local_date: only the column's order is the index's.
    .orderBy('activities.local_date')
    .orderBy('created_at')
    .orderBy('seq')
    .limit(limit);
  if (after) {
    query = query
      .where('local_date', '>=', after.local_date)
      .where((eb) => eb(eb.refTuple('local_date', 'created_at', 'seq'), '>', eb.tuple(after.local_date, after.created_at, after.seq)));
  }
  return query.execute();
}

/** An entry of a user with when it was deleted (null while it counts), locked for its deletion; undefined when it is not theirs. */
export async function ownEntryForDeletion(trx: Executor, userId: string, activityId: string): Promise<{ record: ActivityRecord; deleted_at: Date | null } | undefined> {
  const row = await trx
    .withSchema(SCHEMA)
    .selectFrom('activities')
    .select([...RECORD_COLUMNS, localDateText, 'deleted_at'])
    .where('id', '=', activityId)
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) return undefined;
  const { deleted_at, ...record } = row;
  return { record, deleted_at };
}

export async function markDeleted(trx: Executor, activityId: string, at: Date): Promise<void> {
  await trx.withSchema(SCHEMA).updateTable('activities').set({ deleted_at: at }).where('id', '=', activityId).execute();
}

/** A user's entries of one local day that count (not deleted), oldest first, at most `limit`. */
export async function entriesOfDay(db: Executor, userId: string, date: LocalDate, limit: number) {
  const rows = await activities(db)
    .select(['id', 'activity_type', 'quantity', 'points', 'created_at'])
    .where('user_id', '=', userId)
    .where('local_date', '=', date)
    .orderBy('created_at')
    .orderBy('seq')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ activity_id: r.id, activity_type: r.activity_type, quantity: r.quantity, points: r.points, occurred_at: r.created_at.toISOString() }));
}
