import { CompiledQuery } from 'kysely';
import type { LocalDate, StreakMode } from '@warriors/contracts';
import { preparedStatement } from '@warriors/kit';
import { cycleKey, scopeRanges } from '../../domain/badges';
import type { BadgeContext } from '../../domain/batch-badges';
import { dayOfTypeKey, type DayOfType } from '../../domain/ceilings';
import type { LedgerEntry } from '../../domain/ledger';
import type { StreakDay } from '../../domain/streak';
import { SCHEMA, type Executor } from '../schema';
import { notReversed } from './reversals.store';

export interface AppliedBatch {
  /** The batch's users who were deleted: none of their entries went in. */
  deletedUsers: Set<string>;
  /** The source ids of the entries inserted (the others were in the ledger already). */
  insertedSources: Set<string>;
  /** The badge context of a user around the date of one of the entries, as it stood before the batch. */
  contextBefore(userId: string, date: LocalDate): BadgeContext;
  /** Every worked day of a user of the entries and its points, as it stood before the batch. */
  workedDaysBefore(userId: string): StreakDay[];
  /** The streak mode of a user of the entries ('daily' when the projection lacks them). */
  streakModeOf(userId: string): StreakMode;
}

const contextKey = (userId: string, date: LocalDate) => `${userId}/${date}`;

const BOUNDED_SCOPES = ['day', 'week', 'month', 'quarter'] as const;

/**
 * The columns of a calendar row as json_to_record(set) reads them: each bounded scope's first and last
 * dates as text of their own (a path into a JSON column is parsed again on every totals row it
 * filters), then the cycle keys.
 */
const CALENDAR_COLUMNS = `local_date text, ${BOUNDED_SCOPES.map((scope) => `${scope}_from text, ${scope}_to text`).join(', ')}, cycles json`;

/** A totals row's `column` summed in each scope around the context's date (calendar row `r`), as a JSON object. */
const sumsPerScope = (column: 'quantity' | 'points') => {
  const bounded = BOUNDED_SCOPES.map((scope) => `'${scope}', coalesce(sum(dt.${column}) filter (where dt.local_date between r.${scope}_from and r.${scope}_to), 0)::int`);
  return `json_build_object(${bounded.join(', ')}, 'lifetime', sum(dt.${column})::int)`;
};

/**
 * A BadgeContext's columns for user `d.user_id` around `d.local_date`, whose scope ranges and cycle
 * keys are calendar row `r` (CALENDAR_COLUMNS).
 */
const BADGE_CONTEXT_COLUMNS = `
      (select coalesce(json_agg(json_build_object('activity_type', activity_type, 'quantity', quantity, 'points', points)), '[]') from (
        select dt.activity_type, ${sumsPerScope('quantity')} as quantity, ${sumsPerScope('points')} as points
        from ${SCHEMA}.daily_totals dt where dt.user_id = d.user_id group by dt.activity_type
      ) per_type) as totals,
      (select coalesce(json_agg(json_build_object('local_date', w.local_date, 'points', w.points)), '[]') from (
        select dt.local_date, sum(dt.points)::int as points from ${SCHEMA}.daily_totals dt where dt.user_id = d.user_id group by dt.local_date
      ) w) as days,
      coalesce((select u.streak_mode from ${SCHEMA}.users u where u.user_id = d.user_id), 'daily') as streak_mode,
      (select coalesce(json_agg(json_build_object('badge_type', b.badge_type, 'cycle_key', b.cycle_key)), '[]')
        from ${SCHEMA}.user_badges b where b.user_id = d.user_id and b.cycle_key in (select json_array_elements_text(r.cycles))) as earned`;

/** The calendar row of BADGE_CONTEXT_COLUMNS for `date`: its scopes' ranges and the cycle keys it falls in. */
const calendarOf = (date: LocalDate) => {
  const ranges = scopeRanges(date);
  return {
    local_date: date,
    ...Object.fromEntries(
      BOUNDED_SCOPES.flatMap((scope) => [
        [`${scope}_from`, ranges[scope].from],
        [`${scope}_to`, ranges[scope].to],
      ]),
    ),
    cycles: (['daily', 'weekly', 'monthly', 'lifetime'] as const).map((cycle) => cycleKey(cycle, date)),
  };
};

/** See applyActivityEntries. $1 is the batch: {users, entries, calendar}. */
const APPLY_ENTRIES = preparedStatement(`
  with batch as (select $1::json as doc),
  gone as (
    select user_id from ${SCHEMA}.deleted_users
    where user_id in (select json_array_elements_text(doc -> 'users') from batch)
  ),
  entries as (
    select e.* from batch,
      json_to_recordset(doc -> 'entries') as e(user_id text, source_id text, points int, activity_type text, quantity int, local_date text, occurred_at timestamptz, held boolean)
    where e.user_id not in (select user_id from gone)
  ),
  ledger as (
    insert into ${SCHEMA}.ledger (user_id, source, source_id, points, activity_type, quantity, local_date, occurred_at, held)
    select user_id, 'activity', source_id, points, activity_type, quantity, local_date, occurred_at, held from entries
    on conflict (source_id) do nothing
    returning user_id, source_id, activity_type, quantity, points, local_date, occurred_at, held
  ),
  counted as (
    -- A held entry counts for nothing until its broker confirms it (confirmHeldActivity adds it then).
    select * from ledger where not held
  ),
  totals as (
    -- Summed first: one insert cannot update the same row twice.
    insert into ${SCHEMA}.daily_totals (user_id, local_date, activity_type, quantity, points)
    select user_id, local_date, activity_type, sum(quantity), sum(points) from counted group by user_id, local_date, activity_type
    on conflict (user_id, local_date, activity_type)
    do update set quantity = daily_totals.quantity + excluded.quantity, points = daily_totals.points + excluded.points
  ),
  touched as (
    -- Looked up by key (= any(array)); a join here made PostgreSQL scan the whole users table per batch.
    update ${SCHEMA}.users as u
    set last_activity_at = greatest(u.last_activity_at, (select max(l.occurred_at) from counted l where l.user_id = u.user_id))
    where u.user_id = any (array(select distinct user_id from counted))
  ),
  calendar as (
    select c.* from batch, json_to_recordset(doc -> 'calendar') as c(${CALENDAR_COLUMNS})
  ),
  contexts as (
    select d.user_id, d.local_date, ${BADGE_CONTEXT_COLUMNS}
    from (select distinct user_id, local_date from entries) as d join calendar r on r.local_date = d.local_date
  )
  select coalesce((select json_agg(user_id) from gone), '[]') as deleted,
    coalesce((select json_agg(source_id) from ledger), '[]') as inserted,
    coalesce((select json_agg(c) from contexts c), '[]') as contexts`);

/**
 * Applies a batch's ledger entries in one statement, run under the users' locks: inserts the
 * entries of users not deleted (an activity already in the ledger is left out), adds those not held
 * to the daily totals and moves the users' last activity times. Read in the same statement, so from its
 * snapshot, which sees everything committed before the locks were taken and none of this
 * statement's writes: each (user, date) of those entries' badge context as it stood before the
 * batch (the badge rules add the batch's own entries in memory). The batch travels as one JSON
 * parameter, so the statement text is the same for every batch size and binds alike on
 * node-postgres and PGlite. `userIds`: every user of the batch, whose deletion is answered too.
 */
export async function applyActivityEntries(db: Executor, userIds: readonly string[], entries: ReadonlyArray<LedgerEntry & { held: boolean }>): Promise<AppliedBatch> {
  const calendar = [...new Set(entries.map((e) => e.local_date))].map(calendarOf);
  const result = await db.executeQuery<{ deleted: string[]; inserted: string[]; contexts: Array<BadgeContext & { user_id: string; local_date: LocalDate }> }>(
    CompiledQuery.raw(APPLY_ENTRIES, [JSON.stringify({ users: userIds, entries, calendar })]),
  );
  const row = result.rows[0]!;
  const contexts = new Map(row.contexts.map(({ user_id, local_date, ...context }) => [contextKey(user_id, local_date), context]));
  // A context's days and mode are all of its user's, whatever its date: any one of the user's will do.
  const userContexts = new Map(row.contexts.map((context) => [context.user_id, context]));
  return {
    deletedUsers: new Set(row.deleted),
    insertedSources: new Set(row.inserted),
    contextBefore: (userId, date) => contexts.get(contextKey(userId, date))!,
    workedDaysBefore: (userId) => userContexts.get(userId)?.days ?? [],
    streakModeOf: (userId) => userContexts.get(userId)?.streak_mode ?? 'daily',
  };
}

// $1: {user_id, calendar: one calendar row}.
const BADGE_CONTEXT = `
  with doc as (select $1::json as doc)
  select ${BADGE_CONTEXT_COLUMNS}
  from doc, json_to_record(doc -> 'calendar') as r(${CALENDAR_COLUMNS}),
    lateral (select doc ->> 'user_id' as user_id, r.local_date) as d`;

/** A user's badge context around `date` as it stands: what badge progress is judged on, as the awards are. */
export async function badgeContextOn(db: Executor, userId: string, date: LocalDate): Promise<BadgeContext> {
  const result = await db.executeQuery<BadgeContext>(CompiledQuery.raw(BADGE_CONTEXT, [JSON.stringify({ user_id: userId, calendar: calendarOf(date) })]));
  return result.rows[0]!;
}

// $1: {days: [{user_id, local_date, activity_type}], activities: [activity id]}.
const LEDGER_STATE = preparedStatement(`
  with doc as (select $1::json as doc),
  days as (
    select distinct d.* from doc, json_to_recordset(doc -> 'days') as d(user_id text, local_date text, activity_type text)
  ),
  logged as (
    -- The daily totals hold the counted entries (a deleted one taken off, a confirmed one added), so
    -- only the held ones are read from the ledger: few, where summing the day's entries grew with
    -- every log. A deleted held entry (its reversal beside it) no longer counts towards the ceiling.
    select d.user_id, d.local_date, d.activity_type,
      (coalesce((select dt.quantity from ${SCHEMA}.daily_totals dt
          where dt.user_id = d.user_id and dt.local_date = d.local_date and dt.activity_type = d.activity_type), 0)
        + coalesce((select sum(l.quantity) from ${SCHEMA}.ledger l
          where l.user_id = d.user_id and l.held and l.local_date = d.local_date and l.activity_type = d.activity_type and ${notReversed('l')}), 0))::int as quantity
    from days d
  )
  select coalesce((select json_agg(logged) from logged), '[]') as logged,
    coalesce((select json_agg(source_id) from ${SCHEMA}.ledger
      where source_id = any (array(select json_array_elements_text(doc -> 'activities') from doc)) and held), '[]') as held`);

export interface LedgerState {
  /** A day's logged quantity of a type, held entries included (0 when none). */
  logged(day: DayOfType): number;
  /** The activities among those asked for that are in the ledger and still held. */
  held: Set<string>;
}

/**
 * What the ceilings of a batch need, in one statement run under the batch's user locks: the logged
 * quantity of each (user, local date, type) of its new entries, and which of its activities are
 * already in the ledger and still held (a redelivered held activity must not reach the boards).
 */
export async function ledgerStateOf(db: Executor, days: readonly DayOfType[], activityIds: readonly string[]): Promise<LedgerState> {
  if (days.length === 0 && activityIds.length === 0) return { logged: () => 0, held: new Set() };
  const wanted = days.map(({ user_id, local_date, activity_type }) => ({ user_id, local_date, activity_type }));
  const result = await db.executeQuery<{ logged: Array<DayOfType & { quantity: number }>; held: string[] }>(
    CompiledQuery.raw(LEDGER_STATE, [JSON.stringify({ days: wanted, activities: activityIds })]),
  );
  const row = result.rows[0]!;
  const logged = new Map(row.logged.map((day) => [dayOfTypeKey(day), day.quantity]));
  return { logged: (day) => logged.get(dayOfTypeKey(day)) ?? 0, held: new Set(row.held) };
}
