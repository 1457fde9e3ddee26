import type { Generated, Kysely, Transaction } from 'kysely';
import type { ConsumerTables } from '@warriors/kit';

export const SCHEMA = 'mail';

export type MailStatus = 'queued' | 'sent' | 'dead';

/** One mail of the queue (migrations/0001_mail.sql). */
export interface MailRow {
  id: Generated<string>;
  request_key: string;
  kind: string;
  recipient: string;
  user_id: string | null;
  message_id: string;
  subject: string;
  text_body: string;
  html_body: string;
  link: string | null;
  headers: Record<string, string>;
  status: Generated<MailStatus>;
  attempts: Generated<number>;
  next_attempt_at: Date;
  leased_until: Date | null;
  last_error: string | null;
  created_at: Date;
  sent_at: Date | null;
}

export interface MailDatabase extends ConsumerTables {
  mails: MailRow;
  preferences: { user_id: string; weekly_recap: boolean; daily_digest: boolean; invitations: boolean; updated_at: Date };
  suppressions: { email: string; kind: string; suppressed_at: Date };
  users: { user_id: string; event_at: Date | null; name: string; timezone: string };
  addresses: { user_id: string; email: string; verified_at: Date };
  digests: { user_id: string; kind: string; period: string; considered_at: Date };
  link_keys: { name: string; secret: Buffer };
}

export type Executor = Kysely<MailDatabase> | Transaction<MailDatabase>;
