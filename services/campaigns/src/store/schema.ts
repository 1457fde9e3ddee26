import type { ColumnType, Generated, Kysely } from 'kysely';
import type { CampaignIcon, CampaignKind, GoalItem } from '@warriors/contracts';
import type { GoalTally, GoalTarget } from '../domain/goal';
import type { ConsumerTables, DeletedEntriesTable } from '@warriors/kit';

export const SCHEMA = 'campaigns';

type Json<T> = ColumnType<T, string, string>;

export interface CustomCampaignRow {
  id: Generated<number>;
  creator_id: string;
  name: string;
  is_auto_generated: boolean;
  description: string;
  icon: CampaignIcon;
  duration_days: number;
  goals: Json<GoalItem[]>;
  bonus_points: number;
  created_at: Date;
  deleted_at: Date | null;
}

export interface UserGoalRow {
  id: Generated<number>;
  user_id: string;
  campaign_id: number;
  kind: CampaignKind;
  name: string;
  description: string;
  icon: CampaignIcon;
  duration_days: number;
  target: Json<GoalTarget>;
  bonus_points: number;
  badge_name: string | null;
  creator_id: string | null;
  is_auto_generated: boolean;
  counts: Json<GoalTally['counts']>;
  points: ColumnType<number, number | undefined, number>;
  milestone_reached: ColumnType<number, number | undefined, number>;
  completions: ColumnType<number, number | undefined, number>;
  started_at: Date;
  /** The zone whose local days the goal runs on (goal-days). */
  timezone: string;
  /** The day a change of timezone left in force when the goal started (goal-days); null when none did. */
  day_carry_date: string | null;
  day_carry_until: string | null;
  left_at: Date | null;
  completed_at: Date | null;
  /** When the goal was made, if the day's earlier entries were credited then (migration 0006). */
  backfilled_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** What one entry credited to one goal (migration 0004): units of its type, and points. */
export interface GoalCreditRow {
  activity_id: string;
  goal_id: number;
  activity_type: string;
  units: number;
  points: number;
}

export interface CampaignsDatabase extends ConsumerTables, DeletedEntriesTable {
  custom_campaigns: CustomCampaignRow;
  user_goals: UserGoalRow;
  goal_credits: GoalCreditRow;
  users: { user_id: string; timezone: string; day_carry_date: string | null; day_carry_until: string | null; event_at: Date | null };
}

/** Either the pool or an open transaction: every store function runs on whichever the caller holds. */
export type Executor = Kysely<CampaignsDatabase>;

export const inSchema = (db: Executor) => db.withSchema(SCHEMA);
