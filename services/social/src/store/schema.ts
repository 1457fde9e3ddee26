import type { Generated, Kysely } from 'kysely';
import type { NudgeType, PulseEventType } from '@warriors/contracts';
import type { ConsumerTables } from '@warriors/kit';

export const SCHEMA = 'social';

export interface PulseEventRow {
  id: string;
  type: PulseEventType;
  user_id: string;
  related_user_id: string | null;
  message: string;
  /** When what the line tells happened: the pulse reads in this order. */
  created_at: Date;
  /** When this line was stored (the storing instance's clock): what an instance back from an outage replays by. */
  stored_at: Date;
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

export interface PushSubscriptionRow {
  endpoint: string;
  user_id: string;
  p256dh: string;
  auth: string;
  created_at: Date;
  updated_at: Date;
}

export interface PushPreferencesRow {
  user_id: string;
  nudges: boolean;
  invitations: boolean;
  kudos: boolean;
  passed: boolean;
  quiet_start: string;
  quiet_end: string;
  updated_at: Date;
}

export interface PushQueueRow {
  source_key: string;
  endpoint: string;
  user_id: string;
  /** The PushPayload as JSON: what is encrypted and sent. */
  payload: string;
  due_at: Date;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: Date;
}

export interface SocialDatabase extends ConsumerTables {
  pulse_events: PulseEventRow;
  nudges: NudgeRow;
  users: { user_id: string; event_at: Date | null; name: string; username: string; show_in_battle_pulse: boolean; timezone: string };
  push_subscriptions: PushSubscriptionRow;
  push_preferences: PushPreferencesRow;
  push_queue: PushQueueRow;
  push_passed_days: { user_id: string; local_date: string };
}

/** Either the pool or an open transaction: every store function runs on whichever the caller holds. */
export type Executor = Kysely<SocialDatabase>;
