import type { Generated, Kysely } from 'kysely';
import type { ActivityType, BadgeType, StreakMode } from '@warriors/contracts';
import type { ConsumerTables } from '@warriors/kit';

export const SCHEMA = 'gamification';

/** What credited the points: a logged activity, or a campaign's completion bonus. */
export type LedgerSource = 'activity' | 'campaign' | 'reversal';

export interface UserRow {
  user_id: string;
  name: string;
  username: string;
  profile_picture: string | null;
  company: string | null;
  city: string | null;
  state: string | null;
  timezone: string;
  /** The day a change of timezone left in force, until `day_carry_until` (calendar.ts brokerDay). */
  day_carry_date: string | null;
  day_carry_until: string | null;
  show_on_leaderboard: boolean;
  profile_public: boolean;
  /** How the user's streak counts days. */
  streak_mode: StreakMode;
  last_activity_at: Date | null;
  /** The occurredAt of the last user event applied (see kit's user projection). */
  event_at: Date | null;
}

export interface GamificationDatabase extends ConsumerTables {
  users: UserRow;
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
    /** Above its type's daily ceiling and not yet confirmed by its broker: off the boards and totals. */
    held: Generated<boolean>;
    confirmed_at: Date | null;
  };
  daily_totals: { user_id: string; local_date: string; activity_type: ActivityType; quantity: number; points: number };
  user_badges: { id: string; user_id: string; badge_type: BadgeType; cycle_key: string; earned_at: Date };
  recap_notices: { user_id: string; week_start: string; created_at: Date; read_at: Date | null };
}

/** Either the pool or an open transaction: every store function runs on whichever the caller holds. */
export type Executor = Kysely<GamificationDatabase>;

export const inSchema = (db: Executor) => db.withSchema(SCHEMA);
