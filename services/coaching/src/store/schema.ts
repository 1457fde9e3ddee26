import type { Kysely, Transaction } from 'kysely';
import type { ConsumerTables } from '@warriors/kit';

export const SCHEMA = 'coaching';

/** What the coach keeps per user and local day: the day's plan and the day's recommended goal. */
export type AnswerKind = 'plan' | 'goal';

export interface DailyAnswerRow {
  user_id: string;
  /** The user's local day, as YYYY-MM-DD text (the column is a date; kysely reads it back as text below). */
  local_date: string;
  kind: AnswerKind;
  body: unknown;
  created_at: Date;
}

/** A request asking the model for this answer now (migrations/0002_answer_claims.sql). */
export interface AnswerClaimRow {
  user_id: string;
  local_date: string;
  kind: AnswerKind;
  claimant: string;
  expires_at: Date;
}

export interface CoachingDatabase extends ConsumerTables {
  daily_answers: DailyAnswerRow;
  answer_claims: AnswerClaimRow;
}

export type Executor = Kysely<CoachingDatabase> | Transaction<CoachingDatabase>;
