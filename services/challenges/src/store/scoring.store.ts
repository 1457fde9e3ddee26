import type { ActivityGoalMap } from '@warriors/contracts';
import { inSchema, type Executor } from './schema';

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

export async function saveMemberScore(db: Executor, challengeId: number, userId: string, points: number, counts: ActivityGoalMap): Promise<void> {
  await inSchema(db)
    .updateTable('challenge_members')
    .set({ points, counts: JSON.stringify(counts) })
    .where('challenge_id', '=', challengeId)
    .where('user_id', '=', userId)
    .execute();
}

export async function unitsLogged(db: Executor, userId: string, type: string, localDate: string): Promise<number> {
  const row = await inSchema(db)
    .selectFrom('daily_units')
    .select('quantity')
    .where('user_id', '=', userId)
    .where('activity_type', '=', type)
    .where('local_date', '=', localDate)
    .executeTakeFirst();
  return row?.quantity ?? 0;
}

export async function saveUnitsLogged(db: Executor, userId: string, type: string, localDate: string, quantity: number): Promise<void> {
  await inSchema(db)
    .insertInto('daily_units')
    .values({ user_id: userId, activity_type: type, local_date: localDate, quantity })
    .onConflict((oc) => oc.columns(['user_id', 'activity_type', 'local_date']).doUpdateSet({ quantity }))
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
