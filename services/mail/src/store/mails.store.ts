import { sql } from 'kysely';
import type { Executor, MailRow } from './schema';

export type NewMail = Omit<MailRow, 'id' | 'status' | 'attempts' | 'leased_until' | 'last_error' | 'sent_at'>;
export type QueuedMail = Pick<MailRow, 'kind' | 'recipient' | 'message_id' | 'subject' | 'text_body' | 'html_body' | 'link' | 'headers' | 'created_at'> & {
  id: string;
  attempts: number;
};

const mails = (db: Executor) => db.withSchema('mail').selectFrom('mails');

/** Queues a mail once per request key: answers whether this call queued it. */
export async function insertMail(db: Executor, mail: NewMail): Promise<boolean> {
  const inserted = await db
    .withSchema('mail')
    .insertInto('mails')
    .values({ ...mail, headers: JSON.stringify(mail.headers) as never })
    .onConflict((conflict) => conflict.column('request_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function mailExists(db: Executor, requestKey: string): Promise<boolean> {
  return (await mails(db).select('id').where('request_key', '=', requestKey).executeTakeFirst()) !== undefined;
}

/**
 * Takes up to `limit` due mails for this instance until `leasedUntil`, counting the attempt: rows
 * another instance holds are skipped, so each mail has one sender at a time. A sender that dies
 * mid-send leaves its lease to expire, and the mail goes again with the same Message-ID.
 */
export async function claimDueMails(db: Executor, now: Date, leasedUntil: Date, limit: number): Promise<QueuedMail[]> {
  const rows = await sql<QueuedMail>`
    update mail.mails set leased_until = ${leasedUntil}, attempts = attempts + 1
    where id in (
      select id from mail.mails
      where status = 'queued' and next_attempt_at <= ${now} and (leased_until is null or leased_until <= ${now})
      order by next_attempt_at, id
      limit ${limit}
      for update skip locked
    )
    returning id::text as id, kind, recipient, message_id, subject, text_body, html_body, link, headers, created_at, attempts`.execute(db);
  return rows.rows;
}

/** A sent mail keeps its envelope for the record; its bodies (which hold the links' tokens) are dropped. */
export async function markSent(db: Executor, id: string, at: Date): Promise<void> {
  await db
    .withSchema('mail')
    .updateTable('mails')
    .set({ status: 'sent', sent_at: at, leased_until: null, last_error: null, text_body: '', html_body: '', link: null })
    .where('id', '=', id)
    .execute();
}

export async function markRetry(db: Executor, id: string, at: Date, error: string): Promise<void> {
  await db.withSchema('mail').updateTable('mails').set({ next_attempt_at: at, leased_until: null, last_error: error }).where('id', '=', id).execute();
}

export async function markDead(db: Executor, id: string, error: string): Promise<void> {
  await db.withSchema('mail').updateTable('mails').set({ status: 'dead', leased_until: null, last_error: error }).where('id', '=', id).execute();
}

export interface QueueCounts {
  queued: number;
  retrying: number;
  sent: number;
  dead: number;
}

export async function queueCounts(db: Executor): Promise<QueueCounts> {
  const row = await sql<QueueCounts>`
    select count(*) filter (where status = 'queued' and attempts = 0)::int as queued,
           count(*) filter (where status = 'queued' and attempts > 0)::int as retrying,
           count(*) filter (where status = 'sent')::int as sent,
           count(*) filter (where status = 'dead')::int as dead
    from mail.mails`.execute(db);
  return row.rows[0]!;
}

export interface DeadMail {
  id: string;
  kind: string;
  recipient: string;
  attempts: number;
  created_at: Date;
  last_error: string | null;
}

export async function deadMails(db: Executor): Promise<DeadMail[]> {
  const rows = await mails(db)
    .select([sql<string>`id::text`.as('id'), 'kind', 'recipient', 'attempts', 'created_at', 'last_error'])
    .where('status', '=', 'dead')
    .orderBy('id')
    .execute();
  return rows as DeadMail[];
}

/** Puts dead mails back in the queue, due now; answers how many. */
export async function requeueDead(db: Executor, ids: readonly string[] | 'all', now: Date): Promise<number> {
  let query = db.withSchema('mail').updateTable('mails').set({ status: 'queued', next_attempt_at: now, attempts: 0, created_at: now }).where('status', '=', 'dead');
  if (ids !== 'all') query = query.where(sql<string>`id::text`, 'in', ids.length > 0 ? [...ids] : ['']);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A deleted account's mails not yet sent are never sent. */
export async function dropUnsentMails(db: Executor, userId: string): Promise<void> {
  await db.withSchema('mail').deleteFrom('mails').where('user_id', '=', userId).where('status', '!=', 'sent').execute();
}
