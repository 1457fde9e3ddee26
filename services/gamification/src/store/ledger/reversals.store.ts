import { CompiledQuery } from 'kysely';
import type { LocalDate } from '@warriors/contracts';
import { SCHEMA, type Executor } from '../schema';

/** A deleted entry's reversal row: `applyId` is its source id, the boards' apply marker too. */
export interface ReversalRow {
  applyId: string;
  user_id: string;
  local_date: LocalDate;
  /** Negated: the entry's points taken back (0 for an entry that awarded none). */
  points: number;
  /** The entry was held: it never reached the totals or the boards, so its reversal takes nothing back there. */
  held: boolean;
}

/**
 * SQL: the entry row `alias` was not deleted (no reversal beside it). A deleted held entry is no longer
 * held for its broker: neither listed, nor confirmed, nor keeping bonuses held; and a deleted entry no
 * longer counts towards its day's ceiling.
 */
export const notReversed = (alias: string) => `not exists (select 1 from ${SCHEMA}.ledger r where r.source_id = 'reversal:' || ${alias}.source_id)`;

// The CTE both reversals share, for $1 the reversed row's source id, $2 user id, $3 the time: the
// reversal of the rows of `original`, appended once (keyed by its source id), held as they are.
const APPEND_REVERSAL = `
  reversal as (
    insert into ${SCHEMA}.ledger (user_id, source, source_id, points, activity_type, quantity, local_date, occurred_at, held)
    select user_id, 'reversal', 'reversal:' || source_id, -points, null, null, local_date, $3::timestamptz, held from original
    on conflict (source_id) do nothing
    returning user_id, source_id, points, local_date, held
  )`;

// The reversal both answer: this statement's, or the one already in place (`inserted` says which).
const REVERSAL_IN_PLACE = `
    coalesce(
      (select row_to_json(r) from reversal r),
      (select row_to_json(l) from (
        select user_id, source_id, points, local_date, held from ${SCHEMA}.ledger where source_id = 'reversal:' || $1 and user_id = $2
      ) l)
    ) as reversal,
    exists (select 1 from reversal) as inserted`;

// $1 activity id, $2 user id, $3 the deletion's time. The reversal goes in once (keyed by its source
// id); only the statement that inserts it takes the entry off the daily totals, and only an entry not
// held was on them. The final select reads the statement's snapshot: `inserted` says whether this
// statement wrote it.
const REVERSE_ENTRY = `
  with original as (
    select user_id, source_id, points, activity_type, quantity, local_date, held
    from ${SCHEMA}.ledger where source_id = $1 and user_id = $2 and source = 'activity'
  ),
  ${APPEND_REVERSAL},
  totals as (
    update ${SCHEMA}.daily_totals dt set quantity = dt.quantity - o.quantity, points = dt.points - o.points
    from original o
    where exists (select 1 from reversal r where not r.held)
      and dt.user_id = o.user_id and dt.local_date = o.local_date and dt.activity_type = o.activity_type
    returning dt.user_id
  )
  select
    (select count(*) from original)::int as originals,
    (select count(*) from totals)::int as totals_reduced,
    ${REVERSAL_IN_PLACE}`;

// A day and type whose units were all taken back leaves the totals: a day is active (the streak's
// word) while it has a row.
const DROP_EMPTY_TOTALS = `delete from ${SCHEMA}.daily_totals where user_id = $1 and local_date = $2 and quantity <= 0`;

export type ReverseOutcome =
  /** The entry is not in the ledger (its log not yet applied, or the user deleted). */
  { kind: 'missing' } | { kind: 'reversed'; row: ReversalRow; inserted: boolean };

/**
 * Appends the reversal of a user's entry to the ledger and, when it was counted, takes it off the
 * daily totals: run under the user's lock. A repeat finds the reversal in place and changes nothing.
 */
export async function reverseEntry(db: Executor, userId: string, activityId: string, at: Date): Promise<ReverseOutcome> {
  const result = await db.executeQuery<{ originals: number; reversal: (Omit<ReversalRow, 'applyId'> & { source_id: string }) | null; inserted: boolean }>(
    CompiledQuery.raw(REVERSE_ENTRY, [activityId, userId, at]),
  );
  const { originals, reversal, inserted } = result.rows[0]!;
  if (originals === 0 || !reversal) return { kind: 'missing' };
  const { source_id, ...row } = reversal;
  if (inserted && !row.held) await db.executeQuery(CompiledQuery.raw(DROP_EMPTY_TOTALS, [userId, row.local_date]));
  return { kind: 'reversed', row: { applyId: source_id, ...row }, inserted };
}

// $1 the bonus's source id (its campaign.completed id), $2 user id, $3 the re-opening's time. As
// REVERSE_ENTRY: the reversal goes in once, held as the bonus is, and the final select reads the
// statement's snapshot. A bonus is on no daily totals: nothing else to take back.
const REVERSE_BONUS = `
  with original as (
    select user_id, source_id, points, local_date, held from ${SCHEMA}.ledger where source_id = $1 and user_id = $2 and source = 'campaign'
  ),
  ${APPEND_REVERSAL}
  select ${REVERSAL_IN_PLACE}`;

/**
 * Appends the reversal of a user's campaign bonus (a goal an undo re-opened) to the ledger, held as
 * the bonus is: run under the user's lock. 'missing' while the bonus is not in the ledger; a repeat
 * finds the reversal in place and changes nothing.
 */
export async function reverseBonus(db: Executor, userId: string, bonusSourceId: string, at: Date): Promise<ReverseOutcome> {
  const result = await db.executeQuery<{ reversal: (Omit<ReversalRow, 'applyId'> & { source_id: string }) | null; inserted: boolean }>(
    CompiledQuery.raw(REVERSE_BONUS, [bonusSourceId, userId, at]),
  );
  const { reversal, inserted } = result.rows[0]!;
  if (!reversal) return { kind: 'missing' };
  const { source_id, ...row } = reversal;
  return { kind: 'reversed', row: { applyId: source_id, ...row }, inserted };
}
