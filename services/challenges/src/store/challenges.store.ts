import type { ActivityGoalMap, ChallengeRole } from '@warriors/contracts';
import type { ChallengeRecord, Standing } from '../domain/view';
import { inSchema, type Executor } from './schema';

const UNKNOWN_HOST = 'Unknown warrior';

export interface NewChallenge {
  owner_id: string;
  name: string;
  description: string | null;
  start_at: Date;
  end_at: Date;
  points_target: number | null;
  is_private: boolean;
  activity_goals: ActivityGoalMap;
  created_at: Date;
}

export async function insertChallenge(db: Executor, c: NewChallenge): Promise<number> {
  const row = await inSchema(db)
    .insertInto('challenges')
    .values({ ...c, activity_goals: JSON.stringify(c.activity_goals) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateChallenge(db: Executor, id: number, patch: Partial<Omit<NewChallenge, 'owner_id' | 'created_at'>>): Promise<void> {
  const { activity_goals, ...rest } = patch;
  const values = { ...rest, ...(activity_goals === undefined ? {} : { activity_goals: JSON.stringify(activity_goals) }) };
  if (Object.keys(values).length === 0) return;
  await inSchema(db).updateTable('challenges').set(values).where('id', '=', id).execute();
}

export async function deleteChallenge(db: Executor, id: number): Promise<void> {
  await inSchema(db).deleteFrom('challenges').where('id', '=', id).execute();
}

/** Locks one challenge's row until the transaction ends (edits, deletes, joins and leaves of it serialise). */
export async function lockChallenge(db: Executor, id: number): Promise<boolean> {
  const row = await inSchema(db).selectFrom('challenges').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
  return row !== undefined;
}

function selectRecords(db: Executor) {
  return inSchema(db)
    .selectFrom('challenges as c')
    .leftJoin('users as u', 'u.user_id', 'c.owner_id')
    .select([
      'c.id',
      'c.owner_id',
      'c.name',
      'c.description',
      'c.start_at',
      'c.end_at',
      'c.points_target',
      'c.is_private',
      'c.activity_goals',
      'c.created_at',
      'u.name as owner_name',
      'u.username as owner_username',
      'u.profile_public as owner_profile_public',
      'c.members_count',
    ]);
}

type RecordRow = Awaited<ReturnType<ReturnType<typeof selectRecords>['execute']>>[number];

const toRecord = (r: RecordRow): ChallengeRecord => ({
  id: r.id,
  ownerId: r.owner_id,
  ownerName: r.owner_name ?? UNKNOWN_HOST,
  // A host the projection does not hold shows as unknown, never by a name it cannot vouch for.
  ownerPublicName: r.owner_profile_public === true ? (r.owner_name ?? UNKNOWN_HOST) : (r.owner_username ?? UNKNOWN_HOST),
  name: r.name,
  description: r.description,
  startAt: new Date(r.start_at),
  endAt: new Date(r.end_at),
  pointsTarget: r.points_target,
  isPrivate: r.is_private,
  activityGoals: typeof r.activity_goals === 'string' ? JSON.parse(r.activity_goals) : r.activity_goals,
  membersCount: Number(r.members_count),
  createdAt: new Date(r.created_at),
});

export async function findChallenge(db: Executor, id: number): Promise<ChallengeRecord | undefined> {
  const row = await selectRecords(db).where('c.id', '=', id).executeTakeFirst();
  return row && toRecord(row);
}

/** Public challenges not yet ended, soonest end first (then by id), from just after `after` when given. */
export async function openChallenges(db: Executor, now: Date, after: { endAt: Date; id: number } | undefined, limit: number): Promise<ChallengeRecord[]> {
  let query = selectRecords(db).where('c.is_private', '=', false).where('c.end_at', '>', now);
  if (after) query = query.where((eb) => eb(eb.refTuple('c.end_at', 'c.id'), '>', eb.tuple(after.endAt, after.id)));
  const rows = await query.orderBy('c.end_at').orderBy('c.id').limit(limit).execute();
  return rows.map(toRecord);
}

/** The user's challenges (owned or joined): not ended ('active'), or ended ('completed', latest end first). */
export async function myChallenges(db: Executor, userId: string, now: Date, window: 'active' | 'completed', limit: number): Promise<ChallengeRecord[]> {
  let query = selectRecords(db).where('c.id', 'in', inSchema(db).selectFrom('challenge_members').select('challenge_id').where('user_id', '=', userId));
  query = window === 'active' ? query.where('c.end_at', '>', now).orderBy('c.end_at') : query.where('c.end_at', '<=', now).orderBy('c.end_at', 'desc');
  const rows = await query.orderBy('c.id').limit(limit).execute();
  return rows.map(toRecord);
}

/** The user's membership and invitation in each of `ids`. */
export async function standingsOf(db: Executor, userId: string, ids: readonly number[]): Promise<Map<number, Standing>> {
  const standings = new Map<number, Standing>();
  if (ids.length === 0) return standings;
  const [members, invites] = await Promise.all([
    inSchema(db)
      .selectFrom('challenge_members')
      .select(['challenge_id', 'role', 'points', 'counts'])
      .where('user_id', '=', userId)
      .where('challenge_id', 'in', [...ids])
      .execute(),
    inSchema(db)
      .selectFrom('challenge_invites')
      .select('challenge_id')
      .where('to_user_id', '=', userId)
      .where('challenge_id', 'in', [...ids])
      .execute(),
  ]);
  const invited = new Set(invites.map((i) => i.challenge_id));
  for (const id of ids) standings.set(id, { role: null, invited: invited.has(id), points: 0, counts: {} });
  for (const m of members) standings.set(m.challenge_id, { role: m.role, invited: invited.has(m.challenge_id), points: m.points, counts: m.counts });
  return standings;
}

/** Adds a member; false when they already were one. */
export async function addMember(db: Executor, challengeId: number, userId: string, role: ChallengeRole, joinedAt: Date): Promise<boolean> {
  const rows = await inSchema(db)
    .insertInto('challenge_members')
    .values({ challenge_id: challengeId, user_id: userId, role, joined_at: joinedAt })
    .onConflict((oc) => oc.columns(['challenge_id', 'user_id']).doNothing())
    .returning('user_id')
    .execute();
  if (rows.length === 0) return false;
  await bumpMembersCount(db, [challengeId], 1);
  return true;
}

/** Adds `by` to the members count of each of `challengeIds` (ascending: the rows lock in one order). */
async function bumpMembersCount(db: Executor, challengeIds: readonly number[], by: number): Promise<void> {
  if (challengeIds.length === 0) return;
  const ids = [...new Set(challengeIds)].sort((a, b) => a - b);
  await inSchema(db)
    .updateTable('challenges')
    .set((eb) => ({ members_count: eb('members_count', '+', by) }))
    .where('id', 'in', ids)
    .execute();
}

/** Removes a member and what they scored in the challenge (their credits): a later join starts from zero. */
export async function removeMember(db: Executor, challengeId: number, userId: string): Promise<boolean> {
  const rows = await inSchema(db).deleteFrom('challenge_members').where('challenge_id', '=', challengeId).where('user_id', '=', userId).returning('user_id').execute();
  await inSchema(db).deleteFrom('challenge_credits').where('challenge_id', '=', challengeId).where('user_id', '=', userId).execute();
  if (rows.length === 0) return false;
  await bumpMembersCount(db, [challengeId], -1);
  return true;
}

export async function roleOf(db: Executor, challengeId: number, userId: string): Promise<ChallengeRole | null> {
  const row = await inSchema(db).selectFrom('challenge_members').select('role').where('challenge_id', '=', challengeId).where('user_id', '=', userId).executeTakeFirst();
  return row?.role ?? null;
}

export interface BoardMember {
  user_id: string;
  role: ChallengeRole;
  name: string;
  username: string;
  profile_picture: string | null;
  show_on_leaderboard: boolean;
}

/** Members among `userIds` with what the board shows of them, in one query. */
export async function boardMembers(db: Executor, challengeId: number, userIds: readonly string[]): Promise<Map<string, BoardMember>> {
  if (userIds.length === 0) return new Map();
  const rows = await inSchema(db)
    .selectFrom('challenge_members as m')
    .innerJoin('users as u', 'u.user_id', 'm.user_id')
    .select(['m.user_id', 'm.role', 'u.name', 'u.username', 'u.profile_picture', 'u.show_on_leaderboard'])
    .where('m.challenge_id', '=', challengeId)
    .where('m.user_id', 'in', [...userIds])
    .execute();
  return new Map(rows.map((r) => [r.user_id, r]));
}

/** Every member who scored, per challenge: what the boards are rebuilt from. */
export async function scorers(db: Executor): Promise<Array<{ challenge_id: number; user_id: string; points: number }>> {
  return inSchema(db).selectFrom('challenge_members').select(['challenge_id', 'user_id', 'points']).where('points', '>', 0).execute();
}

/** The members of one challenge on its board (points above zero). */
export async function scorersOf(db: Executor, challengeId: number): Promise<string[]> {
  const rows = await inSchema(db).selectFrom('challenge_members').select('user_id').where('challenge_id', '=', challengeId).where('points', '>', 0).execute();
  return rows.map((r) => r.user_id);
}

/** The users among `userIds` with a row of one challenge in `table`: its members, or those who declined its invite. */
export async function usersAmong(db: Executor, table: 'challenge_members' | 'challenge_declines', challengeId: number, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await inSchema(db)
    .selectFrom(table)
    .select('user_id')
    .where('challenge_id', '=', challengeId)
    .where('user_id', 'in', [...userIds])
    .execute();
  return new Set(rows.map((r) => r.user_id));
}

/** Everything of one user: the challenges they host (cascading), memberships, credits, invites, declines, pending email invites sent, daily counts. */
export async function forgetUserRows(trx: Executor, userId: string): Promise<void> {
  await inSchema(trx).deleteFrom('challenges').where('owner_id', '=', userId).execute();
  const left = await inSchema(trx).deleteFrom('challenge_members').where('user_id', '=', userId).returning('challenge_id').execute();
  await bumpMembersCount(
    trx,
    left.map((r) => r.challenge_id),
    -1,
  );
  await inSchema(trx).deleteFrom('challenge_credits').where('user_id', '=', userId).execute();
  await inSchema(trx)
    .deleteFrom('challenge_invites')
    .where((eb) => eb.or([eb('to_user_id', '=', userId), eb('from_user_id', '=', userId)]))
    .execute();
  await inSchema(trx).deleteFrom('challenge_declines').where('user_id', '=', userId).execute();
  await inSchema(trx).deleteFrom('challenge_email_invites').where('from_user_id', '=', userId).execute();
  await inSchema(trx).deleteFrom('daily_units').where('user_id', '=', userId).execute();
}
