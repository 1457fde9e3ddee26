import type { Selectable } from 'kysely';
import type { NewChallenge } from './challenges.store';
import { inSchema, type Executor, type MemberRow } from './schema';

export type ChallengeExportRow = Omit<NewChallenge, 'owner_id' | 'created_at'> & Pick<Selectable<MemberRow>, 'role' | 'joined_at' | 'points' | 'counts'> & { id: number };

/** A page of the challenges a user is a member of (hosts included), in challenge id order, after `after`. */
export async function membershipsPage(db: Executor, userId: string, after: ChallengeExportRow | null, limit: number): Promise<ChallengeExportRow[]> {
  let query = inSchema(db)
    .selectFrom('challenge_members as m')
    .innerJoin('challenges as c', 'c.id', 'm.challenge_id')
    .select(['c.id', 'c.name', 'c.description', 'c.start_at', 'c.end_at', 'c.points_target', 'c.is_private', 'c.activity_goals', 'm.role', 'm.joined_at', 'm.points', 'm.counts'])
    .where('m.user_id', '=', userId)
    .orderBy('c.id')
    .limit(limit);
  if (after) query = query.where('c.id', '>', after.id);
  return query.execute();
}
