import type { Selectable } from 'kysely';
import { inSchema, type Executor, type UserGoalRow } from './schema';

export type GoalExportRow = Pick<
  Selectable<UserGoalRow>,
  | 'id'
  | 'campaign_id'
  | 'kind'
  | 'name'
  | 'description'
  | 'icon'
  | 'duration_days'
  | 'target'
  | 'counts'
  | 'points'
  | 'bonus_points'
  | 'timezone'
  | 'started_at'
  | 'left_at'
  | 'completed_at'
  | 'creator_id'
>;

/** A page of a user's goals (joined, left and completed alike) in id order, after `after`. */
export async function goalsPage(db: Executor, userId: string, after: GoalExportRow | null, limit: number): Promise<GoalExportRow[]> {
  let query = inSchema(db)
    .selectFrom('user_goals')
    .select([
      'id',
      'campaign_id',
      'kind',
      'name',
      'description',
      'icon',
      'duration_days',
      'target',
      'counts',
      'points',
      'bonus_points',
      'timezone',
      'started_at',
      'left_at',
      'completed_at',
      'creator_id',
    ])
    .where('user_id', '=', userId)
    .orderBy('id')
    .limit(limit);
  if (after) query = query.where('id', '>', after.id);
  return query.execute();
}
