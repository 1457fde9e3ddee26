import type { Generated, Kysely } from 'kysely';
import type { ActivityType, BadgeType } from '@warriors/contracts';

export const SCHEMA = 'gamification';

/** What credited the points: a logged activity, or a campaign's completion bonus. */
export type LedgerSource = 'activity' | 'campaign';

export interface UserRow {
  user_id: string;
  name: string;
  username: string;
  profile_picture: string | null;
  company: string | null;
  city: string | null;
  state: string | null;
  timezone: string;
  show_on_leaderboard: boolean;
  profile_public: boolean;
  last_activity_at: Date | null;
  updated_at: Date;
}

export interface GamificationDatabase {
  users: UserRow;
  deleted_users: { user_id: string; deleted_at: Date };
  inbox: { event_id: string; applied_at: Date };
  ledger: {
    id: Generated<string>;
    user_id: string;
    source: LedgerSource;
    source_id: string;
    points: number;
    /** Null on a campaign bonus (and only there). */
    activity_type: ActivityType | null;
    quantity: number | null;
    local_date: string;
    occurred_at: Date;
  };
  daily_totals: { user_id: string; local_date: string; activity_type: ActivityType; quantity: number; points: number };
  user_badges: { id: string; user_id: string; badge_type: BadgeType; cycle_key: string; earned_at: Date };
  dead_letters: {
    id: Generated<string>;
    subject: string;
    durable: string;
    deliveries: number;
    error: string;
    payload: string;
    received_at: Date;
  };
}

/** Either the pool or an open transaction: every store function runs on whichever the caller holds. */
export type Executor = Kysely<GamificationDatabase>;

export const inSchema = (db: Executor) => db.withSchema(SCHEMA);
