import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DomainEvent } from '@warriors/contracts';
import type { Bus } from './bus/bus.port';
import { sqlName } from '../db/sql-name';

/** The table a service's outbox moves an event to when it cannot be published (see createOutbox). */
export const OUTBOX_DEAD_LETTERS = 'outbox_dead_letters';

/** What an operator needs to know about one service's outbox. */
export interface OutboxCounts {
  /** Events not yet published. */
  pending: number;
  /** Of those, events whose publish has failed at least once, waiting for their next attempt. */
  retrying: number;
  /** Events given up on, kept with their reason in `<schema>.outbox_dead_letters`. */
  deadLettered: number;
}

export async function outboxCounts(db: Kysely<any>, schema: string): Promise<OutboxCounts> {
  sqlName(schema, 'schema');
  const counts = await sql<OutboxCounts>`
    select
      (select count(*)::int from ${sql.table(`${schema}.outbox`)} where published_at is null) as pending,
      (select count(*)::int from ${sql.table(`${schema}.outbox`)} where published_at is null and attempts > 0) as retrying,
      (select count(*)::int from ${sql.table(`${schema}.${OUTBOX_DEAD_LETTERS}`)}) as "deadLettered"`.execute(db);
  return counts.rows[0]!;
}

/** The schemas whose service runs an outbox with dead letters (created by Outbox.start). */
export async function outboxSchemas(db: Kysely<any>): Promise<string[]> {
  const found = await sql<{ schema: string }>`
    select table_schema as schema from information_schema.tables
    where table_name = ${OUTBOX_DEAD_LETTERS} order by table_schema`.execute(db);
  return found.rows.map((row) => row.schema);
}

export interface DeadLetteredEvent {
  seq: string;
  eventId: string;
  eventType: string;
  reason: string;
  attempts: number;
  failedAt: Date;
}

/** A schema's dead letters, oldest first, without their payloads (which may hold personal data). */
export async function listDeadLetters(db: Kysely<any>, schema: string): Promise<DeadLetteredEvent[]> {
  sqlName(schema, 'schema');
  const rows = await sql<DeadLetteredEvent>`
    select d.seq::text as seq, d.event->>'id' as "eventId", d.event->>'type' as "eventType", d.reason, d.attempts, d.failed_at as "failedAt"
    from ${sql.table(`${schema}.${OUTBOX_DEAD_LETTERS}`)} as d order by d.seq`.execute(db);
  return rows.rows;
}

/**
 * Moves dead-lettered events (the given seqs, or every one) back into the outbox, where the
 * service's relay publishes them as new rows with fresh attempts. Each keeps its event id, so a
 * consumer that did see it once (and the broker's de-duplication window) drops the copy.
 * Answers how many were moved.
 */
export async function replayDeadLetters(db: Kysely<any>, schema: string, seqs: readonly string[] | 'all'): Promise<number> {
  sqlName(schema, 'schema');
  if (seqs !== 'all' && seqs.length === 0) return 0;
  const deadLetters = sql.table(`${schema}.${OUTBOX_DEAD_LETTERS}`);
  const chosen = seqs === 'all' ? sql`true` : sql`seq in (${sql.join(seqs.map((seq) => sql`${seq}::bigint`))})`;
  const moved = await sql`
    with moved as (delete from ${deadLetters} where ${chosen} returning seq, event)
    insert into ${sql.table(`${schema}.outbox`)} (event) select event from moved order by seq returning seq`.execute(db);
  return moved.rows.length;
}

/** Published events re-sent per round: read together, published pipelined, so a long range costs few round trips. */
const REPLAY_PAGE = 500;

/**
 * Publishes again every event of a schema's outbox that was published (acknowledged by the bus) in
 * [from, to), oldest first: for a broker that lost events it had acknowledged. Each goes out with
 * a Nats-Msg-Id of its own for this replay, so the broker's de-duplication window (which still
 * holds the first publish's id for a while) does not drop it; the event keeps its id, so a consumer
 * that applied it already drops the copy in its inbox. Answers how many were published.
 */
export async function replayPublished(db: Kysely<any>, schema: string, bus: Bus, range: { from: Date; to: Date }): Promise<number> {
  sqlName(schema, 'schema');
  const replay = randomUUID();
  let after = '0';
  let published = 0;
  for (;;) {
    const page = await sql<{ seq: string; event: DomainEvent }>`
      select o.seq::text as seq, o.event from ${sql.table(`${schema}.outbox`)} as o
      where o.published_at >= ${range.from} and o.published_at < ${range.to} and o.seq > ${after}::bigint
      order by o.seq limit ${REPLAY_PAGE}`.execute(db);
    if (page.rows.length === 0) return published;
    await Promise.all(page.rows.map((row) => bus.publish(row.event, { msgId: `replay-${replay}-${row.event.id}` })));
    published += page.rows.length;
    after = page.rows[page.rows.length - 1]!.seq;
  }
}
