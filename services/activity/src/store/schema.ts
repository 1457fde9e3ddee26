import type { ColumnType, Generated, Kysely } from 'kysely';
import type { ActivityType, LogResult, UserProjection } from '@warriors/contracts';
import type { ConsumerTables } from '@warriors/kit';

export const SCHEMA = 'activity';

/** A user as activity keeps them: the projection less the streak mode, which only gamification reads. */
export type ActivityUser = Omit<UserProjection, 'streak_mode'>;

interface UsersTable extends ActivityUser {
  event_at: Date | null;
}

interface ActivitiesTable {
  id: string;
  seq: Generated<string>;
  user_id: string;
  activity_type: ActivityType;
  quantity: number;
  points: number;
  note: string | null;
  /** A date column: written as YYYY-MM-DD, read back through a ::text cast (drivers differ on dates). */
  local_date: string;
  created_at: Date;
  idempotency_key: string | null;
}

export interface ActivityDatabase extends ConsumerTables {
  users: UsersTable;
  activities: ActivitiesTable;
  activity_results: { activity_id: string; result: ColumnType<LogResult, string, never> };
}

/** Either the pool or an open transaction: every store function runs on whichever the caller holds. */
export type Executor = Kysely<ActivityDatabase>;
