import type { ActivityGoalMap } from '@warriors/contracts';
import { sql } from 'kysely';
import { inSchema, SCHEMA, type Executor } from './schema';

export interface Membership {
  challenge_id: number;
  user_id: string;
  joined_at: Date;
  start_at: Date;
  end_at: Date;
  points: number;
  counts: ActivityGoalMap;
}

/** The memberships of `userIds` in challenges that had not ended by `since`. */
export async function membershipsOf(db: Executor, userIds: readonly string[], since: Date): Promise<Membership[]> {
  if (userIds.length === 0) return [];
  return inSchema(db)
    .selectFrom('challenge_members as m')
    .innerJoin('challenges as c', 'c.id', 'm.challenge_id')
    .select(['m.challenge_id', 'm.user_id', 'm.joined_at', 'c.start_at', 'c.end_at', 'm.points', 'm.counts'])
    .where('m.user_id', 'in', [...userIds])
    .where('c.end_at', '>', since)
    .execute();
}

/** Writes the points and counts of every changed membership in one statement (rows in key order). */
export async function saveMemberScores(db: Executor, memberships: readonly Membership[]): Promise<void> {
  if (memberships.length === 0) return;
  const rows = [...memberships].sort((a, b) => a.challenge_id - b.challenge_id || (a.user_id < b.user_id ? -1 : a.user_id > b.user_id ? 1 : 0));
  const values = sql.join(rows.map((m) => sql`(${m.challenge_id}::int, ${m.user_id}::text, ${m.points}::int, ${JSON.stringify(m.counts)}::jsonb)`));
  await sql`update ${sql.table(`${SCHEMA}.challenge_members`)} as m set points = v.points, counts = v.counts
    from (values ${values}) as v (challenge_id, user_id, points, counts)
    where m.challenge_id = v.challenge_id and m.user_id = v.user_id`.execute(db);
}

/** One user's units of one type on one local date (the daily ceilings' unit). */
export interface DailyKey {
  user_id: string;
  activity_type: string;
  local_date: string;
}

export const dailyKey = (k: DailyKey): string => `${k.user_id}\u0000${k.activity_type}\u0000${k.local_date}`;

/** The units logged so far for each of `keys` (by dailyKey; a key never logged is absent), in one query. */
export async function unitsLogged(db: Executor, keys: readonly DailyKey[]): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  const rows = await inSchema(db)
    .selectFrom('daily_units')
    .select(['user_id', 'activity_type', 'local_date', 'quantity'])
    .where((eb) =>
      eb(
        eb.refTuple('user_id', 'activity_type', 'local_date'),
        'in',
        keys.map((k) => eb.tuple(k.user_id, k.activity_type, k.local_date)),
      ),
    )
    .execute();
  return new Map(rows.map((r) => [dailyKey(r), r.quantity]));
}

/** Sets the units logged of each key, in one statement (rows in key order). */
export async function saveUnitsLogged(db: Executor, rows: ReadonlyArray<DailyKey & { quantity: number }>): Promise<void> {
  if (rows.length === 0) return;
  const sorted = [...rows].sort((a, b) => (dailyKey(a) < dailyKey(b) ? -1 : dailyKey(a) > dailyKey(b) ? 1 : 0));
  await inSchema(db)
    .insertInto('daily_units')
    .values(sorted.map((r) => ({ user_id: r.user_id, activity_type: r.activity_type, local_date: r.local_date, quantity: r.quantity })))
    .onConflict((oc) => oc.columns(['user_id', 'activity_type', 'local_date']).doUpdateSet((eb) => ({ quantity: eb.ref('excluded.quantity') })))
    .execute();
}

export interface Credit {
  event_id: string;
  challenge_id: number;
  user_id: string;
  points: number;
}

export async function insertCredits(db: Executor, credits: readonly Credit[], at: Date): Promise<void> {
  if (credits.length === 0) return;
  await inSchema(db)
    .insertInto('challenge_credits')
    .values(credits.map((c) => ({ ...c, credited_at: at })))
    .onConflict((oc) => oc.columns(['event_id', 'challenge_id']).doNothing())
    .execute();
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
