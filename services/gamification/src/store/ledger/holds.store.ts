import { CompiledQuery, sql } from 'kysely';
import type { ActivityType, LocalDate } from '@warriors/contracts';
import type { BonusEntry } from '../../domain/ledger';
import { inSchema, SCHEMA, type Executor } from '../schema';
import { notReversed } from './reversals.store';

/** A campaign bonus's ledger row; a copy already in the ledger is left as it is. */
export async function insertBonusEntry(db: Executor, entry: BonusEntry, held: boolean): Promise<void> {
  await inSchema(db)
    .insertInto('ledger')
    .values({ ...entry, held })
    .onConflict((oc) => oc.column('source_id').doNothing())
    .execute();
}

export interface HeldRow {
  activity_id: string;
  activity_type: ActivityType;
  quantity: number;
  points: number;
  local_date: LocalDate;
  occurred_at: Date;
  confirmed_at: Date | null;
}

const HELD_COLUMNS = ['source_id as activity_id', 'activity_type', 'quantity', 'points', 'local_date', 'occurred_at', 'confirmed_at'] as const;

/** A user's held entries, newest first (their held campaign bonuses are not entries). */
export async function heldActivities(db: Executor, userId: string): Promise<HeldRow[]> {
  const rows = await inSchema(db)
    .selectFrom('ledger')
    .select(HELD_COLUMNS)
    .where('user_id', '=', userId)
    .where('source', '=', 'activity')
    .where('held', '=', true)
    .where(sql<boolean>`${sql.raw(notReversed('ledger'))}`)
    .orderBy('occurred_at', 'desc')
    // Entries tapped at the same instant (a bulk entry split, a pinned clock) list the later stored first.
    .orderBy('id', 'desc')
    .execute();
  return rows as HeldRow[];
}

// $1 user id, $2 the activity that completed the goal (or null), $3 the bonus's source id.
const BONUS_STATE = `
  select exists (select 1 from ${SCHEMA}.ledger l where user_id = $1 and source = 'activity' and held and ${notReversed('l')}) as held_entries,
    ($2::text is null or exists (select 1 from ${SCHEMA}.ledger where source_id = $2 and user_id = $1 and source = 'activity')) as activity_arrived,
    (select held from ${SCHEMA}.ledger where source_id = $3 and source = 'campaign') as bonus_held`;

export interface BonusState {
  /** The user has entries still held above a daily ceiling. */
  heldEntries: boolean;
  /** The activity that completed the goal is in the ledger (always true for a completion without one). */
  activityArrived: boolean;
  /** The bonus's ledger row is held; null when the bonus is not in the ledger. */
  bonusHeld: boolean | null;
}

/** What deciding a campaign bonus's hold needs, in one statement run under its user's lock. */
export async function bonusStateOf(db: Executor, userId: string, completingActivityId: string | null, bonusSourceId: string): Promise<BonusState> {
  const result = await db.executeQuery<{ held_entries: boolean; activity_arrived: boolean; bonus_held: boolean | null }>(
    CompiledQuery.raw(BONUS_STATE, [userId, completingActivityId, bonusSourceId]),
  );
  const row = result.rows[0]!;
  return { heldEntries: row.held_entries, activityArrived: row.activity_arrived, bonusHeld: row.bonus_held };
}

// $1 activity id, $2 user id, $3 now, $4 the oldest confirmation whose bonuses are re-applied. The
// final select reads the statement's snapshot, so from before the release: `released` says whether
// this statement released it (confirmed_at is then null). The user's held campaign bonuses are
// released with their last held entry (a bonus taken back while held stays held, as its reversal
// does: it never reaches the boards); `bonuses` lists those released now and those released since
// $4, whose board apply a repeated confirm repeats like the entry's.
const RELEASE_HELD = `
  with target as (
    select id, held from ${SCHEMA}.ledger l where source_id = $1 and user_id = $2 and source = 'activity' and ${notReversed('l')} for update
  ),
  released as (
    update ${SCHEMA}.ledger l set held = false, confirmed_at = $3::timestamptz from target t where l.id = t.id and t.held
    returning l.user_id, l.local_date, l.activity_type, l.quantity, l.points, l.occurred_at
  ),
  still_held as (
    select 1 from ${SCHEMA}.ledger l where user_id = $2 and source = 'activity' and held and ${notReversed('l')} and id not in (select id from target) limit 1
  ),
  released_bonuses as (
    update ${SCHEMA}.ledger b set held = false, confirmed_at = $3::timestamptz
    where b.user_id = $2 and b.source = 'campaign' and b.held and ${notReversed('b')} and exists (select 1 from target) and not exists (select 1 from still_held)
    returning b.source_id, b.local_date, b.points
  ),
  totals as (
    insert into ${SCHEMA}.daily_totals (user_id, local_date, activity_type, quantity, points)
    select user_id, local_date, activity_type, quantity, points from released
    on conflict (user_id, local_date, activity_type)
    do update set quantity = daily_totals.quantity + excluded.quantity, points = daily_totals.points + excluded.points
  ),
  touched as (
    update ${SCHEMA}.users u set last_activity_at = greatest(u.last_activity_at, r.occurred_at) from released r where u.user_id = r.user_id
  ),
  bonuses as (
    select source_id, local_date, points, true as released_now from released_bonuses
    union all
    select source_id, local_date, points, false as released_now from ${SCHEMA}.ledger
    where user_id = $2 and source = 'campaign' and not held and confirmed_at >= $4::timestamptz
  )
  select l.source_id as activity_id, l.activity_type, l.quantity, l.points, l.local_date, l.occurred_at,
    l.confirmed_at, exists (select 1 from released) as released,
    coalesce((select json_agg(b) from bonuses b), '[]') as bonuses
  from ${SCHEMA}.ledger l join target t on l.id = t.id`;

/** A campaign bonus released from its hold: its points reach the boards keyed by `source_id`. */
export interface ReleasedBonus {
  source_id: string;
  local_date: LocalDate;
  points: number;
  /** This call released it (otherwise an earlier confirmation did, and only its board apply is repeated). */
  released_now: boolean;
}

export interface ReleasedRow extends HeldRow {
  /** This call released the entry. */
  released: boolean;
  /** The user's campaign bonuses released by this call, or by a confirmation since `reapplySince`. */
  bonuses: ReleasedBonus[];
}

/**
 * Confirms a user's held entry in one statement (run under the user's lock, so the daily totals it
 * adds to are not being read by a batch): clears the hold, and adds the entry to the daily totals and
 * the last activity time as if logged unheld; when no other entry of the user is held, releases the
 * user's held campaign bonuses too. Undefined when the user has no such activity; an entry never
 * held, or confirmed before, is answered unchanged.
 */
export async function releaseHeld(db: Executor, userId: string, activityId: string, now: Date, reapplySince: Date): Promise<ReleasedRow | undefined> {
  const result = await db.executeQuery<ReleasedRow>(CompiledQuery.raw(RELEASE_HELD, [activityId, userId, now, reapplySince]));
  return result.rows[0];
}
