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
  /** When its owner deleted it (the row stays; every read skips it), null while it counts. */
  deleted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

interface KudosTable {
  id: string;
  entry_id: string;
  giver_id: string;
  recipient_id: string;
  created_at: Date;
  read_at: Date | null;
}

export interface ActivityDatabase extends ConsumerTables {
  users: UsersTable;
  activities: ActivitiesTable;
  kudos: KudosTable;
  activity_results: { activity_id: string; result: ColumnType<LogResult, string, never> };
}

/** Either the pool or an open transaction: every store function runs on whichever the caller holds. */
export type Executor = Kysely<ActivityDatabase>;

/** PostgreSQL's code for a foreign key violation: a row whose user or entry was deleted meanwhile. */
export const FOREIGN_KEY_VIOLATION = '23503';
