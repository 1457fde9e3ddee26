import type { ColumnType, Generated, Kysely } from 'kysely';
import type { ActivityGoalMap, ChallengeRole } from '@warriors/contracts';
import type { ConsumerTables, DeletedEntriesTable } from '@warriors/kit';

export const SCHEMA = 'challenges';

type Json<T> = ColumnType<T, string, string>;

export interface ChallengeRow {
  id: Generated<number>;
  owner_id: string;
  name: string;
  description: string | null;
  start_at: Date;
  end_at: Date;
  points_target: number | null;
  is_private: boolean;
  activity_goals: Json<ActivityGoalMap>;
  created_at: Date;
  /** Kept by addMember, removeMember and forgetUserRows in the same transaction (migration 0002). */
  members_count: Generated<number>;
}

export interface MemberRow {
  challenge_id: number;
  user_id: string;
  role: ChallengeRole;
  joined_at: Date;
  points: ColumnType<number, number | undefined, number>;
  counts: ColumnType<ActivityGoalMap, string | undefined, string>;
}

export interface ChallengesDatabase extends ConsumerTables, DeletedEntriesTable {
  challenges: ChallengeRow;
  challenge_members: MemberRow;
  /** activity_id, activity_type and units: null on credits written before migration 0005. */
  challenge_credits: {
    event_id: string;
    challenge_id: number;
    user_id: string;
    points: number;
    credited_at: Date;
    activity_id: string | null;
    activity_type: string | null;
    units: number | null;
  };
  daily_units: { user_id: string; activity_type: string; local_date: string; quantity: number };
  challenge_invites: { id: string; challenge_id: number; from_user_id: string; to_user_id: string; created_at: Date };
  challenge_declines: { challenge_id: number; user_id: string; declined_at: Date };
  challenge_email_invites: { challenge_id: number; email: string; name: string; from_user_id: string; created_at: Date };
  users: {
    user_id: string;
    event_at: Date | null;
    name: string;
    username: string;
    profile_picture: string | null;
    show_on_leaderboard: boolean;
    profile_public: boolean;
  };
}

/** Either the pool or an open transaction: every store function runs on whichever the caller holds. */
export type Executor = Kysely<ChallengesDatabase>;

export const inSchema = (db: Executor) => db.withSchema(SCHEMA);
