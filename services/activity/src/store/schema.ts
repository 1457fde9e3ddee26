import type { ColumnType, Generated, Kysely } from 'kysely';
import type { ActivityType, LogResult, UserProjection } from '@warriors/contracts';

export const SCHEMA = 'activity';

interface UsersTable extends UserProjection {
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

export interface ActivityDatabase {
  users: UsersTable;
  deleted_users: { user_id: string; deleted_at: Date };
  activities: ActivitiesTable;
  activity_results: { activity_id: string; result: ColumnType<LogResult, string, never> };
  inbox: { event_id: string; applied_at: Date };
  dead_letters: {
    id: Generated<string>;
    subject: string;
    durable: string;
    deliveries: number;
    error: string;
    payload: string;
    created_at: Date;
  };
}

/** Either the pool or an open transaction: every store function runs on whichever the caller holds. */
export type Executor = Kysely<ActivityDatabase>;
