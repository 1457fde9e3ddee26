import { sql, type Kysely } from 'kysely';
import type { DomainEvent } from '@warriors/contracts';
import type { Bus } from '../bus/bus.port';
import { PayloadTooLargeError } from '../bus/payload-limit';
import type { Clock } from '../../clock';
import type { Database } from '../../db/database';
import { isDependencyFailure } from '../../http/errors';
import type { Logger } from '../../logger';
import { OUTBOX_DEAD_LETTERS } from '../outbox-admin';

const BATCH = 200;

/** How long the relay keeps trying an event the bus refuses while it answers other publishes. */
export interface OutboxRetryOptions {
  /** Failed publishes before the event is dead-lettered. */
  maxAttempts: number;
  /** The wait after the first failure, doubled after each further one up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
}

/** Ten attempts over about eight and a half minutes: a broker hiccup passes, a broken event stops being retried. */
export const DEFAULT_OUTBOX_RETRY: OutboxRetryOptions = { maxAttempts: 10, baseDelayMs: 1_000, maxDelayMs: 5 * 60_000 };

interface OutboxRow {
  seq: string;
  event: DomainEvent;
  /** Failed publishes so far. */
  attempts: number;
}

interface DeadLetterNote {
  row: OutboxRow;
  reason: string;
  attempts: number;
}

export interface RelayOptions {
  database: Database;
  /** Already checked as an SQL name. */
  schema: string;
  bus: Bus;
  logger: Logger;
  clock: Clock;
  retry: OutboxRetryOptions;
  /** Rows being published directly (groupInsert): the relay leaves them be. */
  direct: ReadonlySet<string>;
}

/** The relay's pass: publishes the committed rows in batches until a short one, and answers how many it read. */
export function createRelay(options: RelayOptions): () => Promise<number> {
  const { database, schema, bus, logger, clock, retry, direct } = options;
  const table = sql.table(`${schema}.outbox`);
  const deadLetters = sql.table(`${schema}.${OUTBOX_DEAD_LETTERS}`);

  /** Moves the row out of the outbox, in the relay's transaction, with why it was given up on. */
  async function deadLetter(trx: Kysely<any>, note: DeadLetterNote, now: Date): Promise<void> {
    await sql`
      with moved as (delete from ${table} where seq = ${note.row.seq} returning seq, event)
      insert into ${deadLetters} (seq, event, reason, attempts, failed_at)
      select seq, event, ${note.reason}, ${note.attempts}, ${now} from moved`.execute(trx);
  }

  /**
   * Decides each failed row's fate: an event too large for the bus is dead-lettered at once; any
   * other failure costs the row an attempt and a wait (doubling) before its next one, and after the
   * last attempt a dead letter. While the bus itself is unreachable every publish fails, which says
   * nothing about the rows: a failure the bus reports as its own unavailability (a dependency
   * failure), or any failure while it does not answer, costs no attempt, so events wait for the bus
   * however long it is away. Answers the dead letters, and whether the failures were an outage.
   */
  async function settleFailures(trx: Kysely<any>, failures: Array<{ row: OutboxRow; err: unknown }>, now: Date): Promise<{ notes: DeadLetterNote[]; outage: boolean }> {
    const notes: DeadLetterNote[] = [];
    for (const { row, err } of failures) {
      if (err instanceof PayloadTooLargeError) notes.push({ row, reason: err.message, attempts: row.attempts + 1 });
    }
    const refused = failures.filter(({ err }) => !(err instanceof PayloadTooLargeError));
    const away = refused.find(({ err }) => isDependencyFailure(err));
    const outage = refused.length > 0 && (away !== undefined || !(await bus.isReady()));
    if (outage) {
      logger.warn({ err: (away ?? refused[0]!).err, events: refused.length }, 'outbox publish failed with the bus unavailable; will retry');
    } else {
      for (const { row, err } of refused) {
        const attempts = row.attempts + 1;
        const error = err instanceof Error ? err.message : String(err);
        if (attempts >= retry.maxAttempts) {
          notes.push({ row, reason: `publish failed ${attempts} times; last error: ${error}`, attempts });
          continue;
        }
        const nextAttemptAt = new Date(now.getTime() + Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** (attempts - 1)));
        await sql`update ${table} set attempts = ${attempts}, next_attempt_at = ${nextAttemptAt}, last_error = ${error} where seq = ${row.seq}`.execute(trx);
        logger.warn({ err, eventId: row.event.id, eventType: row.event.type, attempts }, 'outbox publish failed; will retry');
      }
    }
    for (const note of notes) await deadLetter(trx, note, now);
    return { notes, outage };
  }

  async function publishBatch(): Promise<number> {
    const { read, notes } = await database.db.transaction().execute(async (trx) => {
      const now = clock.now();
      // SKIP LOCKED lets several instances of a service relay side by side without sending a row twice at once.
      // Rows waiting for a retry are passed over, so a failing event never holds back the events behind it.
      // Rows this process is sending directly are not the relay's, and are left unlocked: locked, their
      // marking (a statement per batch of them) waited for this transaction, and each lock wrote its row.
      const sending = JSON.stringify([...direct]);
      const locked = await sql<OutboxRow>`
        select seq, event, attempts from ${table} where published_at is null and (next_attempt_at is null or next_attempt_at <= ${now})
        and seq <> all (array(select value::bigint from json_array_elements_text(${sending}::json)))
        order by seq limit ${BATCH} for update skip locked`.execute(trx);
      // PGlite reads a bigint as a number. A row that became direct meanwhile is still left to its sender.
      const rows = locked.rows.map((row) => ({ ...row, seq: String(row.seq) })).filter((row) => !direct.has(row.seq));
      const skipped = locked.rows.length - rows.length;
      // Pipelined in commit order: every publish is written to the one connection before any answer
      // is awaited, so the broker stores them in that order at the cost of one round trip per batch
      // instead of one per event. Every acknowledged publish is marked and every failed one waits for
      // its retry, so an event is never marked unsent, and a later event may reach consumers before
      // an earlier one's retry (docs/decisions.md: why consumers take that).
      const outcomes = await Promise.allSettled(rows.map((row) => bus.publish(row.event, { msgId: row.event.id })));
      const sent: string[] = [];
      const failures: Array<{ row: OutboxRow; err: unknown }> = [];
      for (const [i, outcome] of outcomes.entries()) {
        if (outcome.status === 'fulfilled') sent.push(rows[i]!.seq);
        else failures.push({ row: rows[i]!, err: outcome.reason });
      }
      if (sent.length > 0) await sql`update ${table} set published_at = ${now} where seq in (${sql.join(sent)})`.execute(trx);
      const settled = await settleFailures(trx, failures, now);
      // A full batch reads on at once: its failed rows are out of the next read's way. After an
      // outage the next poll tries again; a batch holding direct rows stops here, or it would read them again.
      return { read: settled.outage || skipped > 0 ? 0 : rows.length, notes: settled.notes };
    });
    // Logged once committed: the payload stays out of the log (it may hold a user's personal data).
    for (const { row, reason, attempts } of notes) {
      logger.error({ eventId: row.event.id, eventType: row.event.type, seq: row.seq, reason, attempts }, `outbox event dead-lettered to ${schema}.${OUTBOX_DEAD_LETTERS}`);
    }
    return read;
  }

  async function relay(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await publishBatch();
      total += n;
      if (n < BATCH) return total;
    }
  }
  return relay;
}
