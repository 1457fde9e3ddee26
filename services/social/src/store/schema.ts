import type { Kysely } from 'kysely';
import type { NudgeType, PulseEventType } from '@warriors/contracts';
import type { ConsumerTables } from '@warriors/kit';

export const SCHEMA = 'social';

export interface PulseEventRow {
  id: string;
  type: PulseEventType;
  user_id: string;
  related_user_id: string | null;
  message: string;
  created_at: Date;
  /** A challenge line's challenge and UTC date (unique per user); null on other lines. */
  challenge_id: number | null;
  challenge_date: string | null;
}

export interface NudgeRow {
  id: string;
  type: NudgeType;
  from_user_id: string;
  to_user_id: string;
  event_id: string | null;
  created_at: Date;
  is_read: boolean;
}

export interface SocialDatabase extends ConsumerTables {
  pulse_events: PulseEventRow;
  nudges: NudgeRow;
  users: { user_id: string; event_at: Date | null; name: string; username: string; show_in_battle_pulse: boolean };
}

/** Either the pool or an open transaction: every store function runs on whichever the caller holds. */
export type Executor = Kysely<SocialDatabase>;
