import type { ActivityGoalMap } from '@warriors/contracts';
import { preparedStatement } from '@warriors/kit';
import { CompiledQuery } from 'kysely';
import { inSchema, SCHEMA, type Executor } from './schema';

export interface Membership {
  challenge_id: number;
  user_id: string;
  joined_at: Date;
  start_at: Date;
  end_at: Date;
  points: number;
  counts: ActivityGoalMap;
  /** The challenge's activity goals: with any, the member is ranked on the points of their types only. */
  goals: ActivityGoalMap;
}

/** What the board needs of a credit: the event that applies it, the challenge, the member and the points. */
export interface Credit {
  event_id: string;
  challenge_id: number;
  user_id: string;
  points: number;
}

/** A credit as scoring writes it: with its entry, type and the units it added (0 above the daily ceiling). */
export interface EntryCredit extends Credit {
  activity_id: string;
  activity_type: string;
  units: number;
}

/** One user's units of one type on one local date (the daily ceilings' unit). */
export interface DailyKey {
  user_id: string;
  activity_type: string;
  local_date: string;
}

export const dailyKey = (k: DailyKey): string => `${k.user_id}\u0000${k.activity_type}\u0000${k.local_date}`;

/** Orders rows by their key, so batches that share rows write them in one order. */
const byKey = <T>(rows: readonly T[], key: (row: T) => string): T[] => [...rows].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));

/*
 * The batch's statements take their rows as one JSON parameter: one statement text for any batch
 * size, bound alike by node-postgres and PGlite (as kit's lockAllAndMarkApplied does).
 */

// $1: {users: [user id], since: ISO time, days: [DailyKey]}.
const SCORING_STATE = preparedStatement(`
  with doc as (select $1::json as doc),
  memberships as (
    select m.challenge_id, m.user_id, m.joined_at, c.start_at, c.end_at, m.points, m.counts, c.activity_goals as goals
    from ${SCHEMA}.challenge_members m join ${SCHEMA}.challenges c on c.id = m.challenge_id
    where m.user_id = any (array(select json_array_elements_text(doc -> 'users') from doc))
      and c.end_at > (select (doc ->> 'since')::timestamptz from doc)
  ),
  units as (
    select u.user_id, u.activity_type, u.local_date, u.quantity
    from doc, json_to_recordset(doc -> 'days') as k(user_id text, activity_type text, local_date text)
    join ${SCHEMA}.daily_units u on u.user_id = k.user_id and u.activity_type = k.activity_type and u.local_date = k.local_date
  )
  select coalesce((select json_agg(m) from memberships m), '[]') as memberships,
    coalesce((select json_agg(u) from units u), '[]') as units`);

/** What a batch is scored on, read in one statement under its users' locks. */
export interface ScoringState {
  /** The memberships of the batch's users in challenges that had not ended by `since`. */
  memberships: Membership[];
  /** The units logged so far for each of the days asked for (by dailyKey; a day never logged is absent). */
  unitsLogged: Map<string, number>;
}

export async function scoringStateOf(db: Executor, userIds: readonly string[], since: Date, days: readonly DailyKey[]): Promise<ScoringState> {
  if (userIds.length === 0) return { memberships: [], unitsLogged: new Map() };
  const result = await db.executeQuery<{
    memberships: Array<Omit<Membership, 'joined_at' | 'start_at' | 'end_at'> & { joined_at: string; start_at: string; end_at: string }>;
    units: Array<DailyKey & { quantity: number }>;
  }>(CompiledQuery.raw(SCORING_STATE, [JSON.stringify({ users: [...new Set(userIds)], since: since.toISOString(), days })]));
  const row = result.rows[0]!;
  return {
    memberships: row.memberships.map((m) => ({ ...m, joined_at: new Date(m.joined_at), start_at: new Date(m.start_at), end_at: new Date(m.end_at) })),
    unitsLogged: new Map(row.units.map((u) => [dailyKey(u), u.quantity])),
  };
}

// $1: {units: [DailyKey & {quantity}], members: [{challenge_id, user_id, points, counts}], credits: [EntryCredit], at: ISO time}.
const SAVE_SCORES = preparedStatement(`
  with doc as (select $1::json as doc),
  units as (
    insert into ${SCHEMA}.daily_units (user_id, activity_type, local_date, quantity)
    select u.* from doc, json_to_recordset(doc -> 'units') as u(user_id text, activity_type text, local_date text, quantity int)
    on conflict (user_id, activity_type, local_date) do update set quantity = excluded.quantity
  ),
  members as (
    update ${SCHEMA}.challenge_members m set points = v.points, counts = v.counts
    from doc, json_to_recordset(doc -> 'members') as v(challenge_id int, user_id text, points int, counts jsonb)
    -- Looked up by key (= any(array)): a plain join made PostgreSQL scan every membership per batch.
    where m.user_id = any (array(select json_array_elements(doc -> 'members') ->> 'user_id' from doc))
      and m.challenge_id = v.challenge_id and m.user_id = v.user_id
  ),
  credits as (
    insert into ${SCHEMA}.challenge_credits (event_id, challenge_id, user_id, points, credited_at, activity_id, activity_type, units)
    select c.event_id, c.challenge_id, c.user_id, c.points, (doc ->> 'at')::timestamptz, c.activity_id, c.activity_type, c.units
    from doc, json_to_recordset(doc -> 'credits') as c(event_id text, challenge_id int, user_id text, points int, activity_id text, activity_type text, units int)
    on conflict (event_id, challenge_id) do nothing
  )
  select 1`);

/**
 * A scored batch's writes in one statement: the units logged of each day (set to `quantity`), the
 * points and counts of every changed membership, and the credits (an event's credit to a challenge
 * stored once). Rows go in key order.
 */
export async function saveScores(
  db: Executor,
  scores: { units: ReadonlyArray<DailyKey & { quantity: number }>; members: readonly Membership[]; credits: readonly EntryCredit[] },
  at: Date,
): Promise<void> {
  if (scores.units.length === 0 && scores.members.length === 0 && scores.credits.length === 0) return;
  const doc = {
    units: byKey(scores.units, dailyKey).map(({ user_id, activity_type, local_date, quantity }) => ({ user_id, activity_type, local_date, quantity })),
    members: byKey(scores.members, (m) => `${String(m.challenge_id).padStart(12, '0')}\u0000${m.user_id}`).map(({ challenge_id, user_id, points, counts }) => ({
      challenge_id,
      user_id,
      points,
      counts,
    })),
    credits: scores.credits,
    at: at.toISOString(),
  };
  await db.executeQuery(CompiledQuery.raw(SAVE_SCORES, [JSON.stringify(doc)]));
}

export async function creditsOf(db: Executor, eventIds: readonly string[]): Promise<Credit[]> {
  if (eventIds.length === 0) return [];
  return inSchema(db)
    .selectFrom('challenge_credits')
    .select(['event_id', 'challenge_id', 'user_id', 'points'])
    .where('event_id', 'in', [...eventIds])
    .execute();
}

export async function creditedSince(db: Executor, since: Date): Promise<string[]> {
  const rows = await inSchema(db).selectFrom('challenge_credits').select('event_id').distinct().where('credited_at', '>=', since).execute();
  return rows.map((r) => r.event_id);
}

// $1: {activity_id, deletion_id, user_id, activity_type, local_date, quantity, at}. Every CTE reads the
// statement's snapshot: `credited` is the entry's credits before the reversal's rows go in.
const REVERSE_ENTRY = `
  with doc as (select $1::json as doc),
  credited as (
    select c.challenge_id, c.user_id, c.points, c.activity_type, c.units
    from doc, ${SCHEMA}.challenge_credits c
    where c.activity_id = doc ->> 'activity_id' and c.event_id <> doc ->> 'deletion_id' and c.units is not null
  ),
  members as (
    update ${SCHEMA}.challenge_members m
    set points = m.points - c.points,
      counts = m.counts || jsonb_build_object(c.activity_type, greatest(0, coalesce((m.counts ->> c.activity_type)::int, 0) - c.units))
    from credited c
    where m.challenge_id = c.challenge_id and m.user_id = c.user_id and (c.units <> 0 or c.points <> 0)
  ),
  units as (
    -- The entry counted towards its day's units when it fell in a window: it had a credit row.
    update ${SCHEMA}.daily_units u set quantity = greatest(0, u.quantity - (doc ->> 'quantity')::int)
    from doc
    where exists (select 1 from credited)
      and u.user_id = doc ->> 'user_id' and u.activity_type = doc ->> 'activity_type' and u.local_date = doc ->> 'local_date'
  ),
  reversal as (
    insert into ${SCHEMA}.challenge_credits (event_id, challenge_id, user_id, points, credited_at, activity_id, activity_type, units)
    select doc ->> 'deletion_id', c.challenge_id, c.user_id, -c.points, (doc ->> 'at')::timestamptz, doc ->> 'activity_id', c.activity_type, -c.units
    from doc, credited c
    on conflict (event_id, challenge_id) do nothing
    returning event_id, challenge_id, user_id, points
  )
  select coalesce((select json_agg(r) from reversal r), '[]') as reversal`;

/** The deleted entry whose credits reverseEntry takes back, and the deletion event's id. */
export interface DeletedEntry {
  activityId: string;
  deletionId: string;
  userId: string;
  activityType: string;
  localDate: string;
  quantity: number;
}

/**
 * A deleted entry's credits taken back in one statement: each membership it credited loses those
 * points and units, its day's units lose its quantity when it counted there, and the negated credits
 * go in under the deletion's id (the board's apply id). Answers those reversal credits.
 */
export async function reverseEntry(db: Executor, entry: DeletedEntry, at: Date): Promise<Credit[]> {
  const doc = {
    activity_id: entry.activityId,
    deletion_id: entry.deletionId,
    user_id: entry.userId,
    activity_type: entry.activityType,
    local_date: entry.localDate,
    quantity: entry.quantity,
    at: at.toISOString(),
  };
  const result = await db.executeQuery<{ reversal: Credit[] }>(CompiledQuery.raw(REVERSE_ENTRY, [JSON.stringify(doc)]));
  return result.rows[0]!.reversal;
}
