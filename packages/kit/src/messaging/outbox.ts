import { CompiledQuery, sql, type Kysely } from 'kysely';
import { z } from 'zod';
import type { DomainEvent } from '@warriors/contracts';
import { createBatcher } from './batcher';
import type { Bus } from './bus/bus.port';
import { PayloadTooLargeError } from './bus/payload-limit';
import { systemClock, type Clock } from '../clock';
import { loadConfig } from '../config';
import type { Database } from '../db/database';
import { sqlName } from '../db/sql-name';
import { isDependencyFailure } from '../http/errors';
import type { Logger } from '../logger';
import { OUTBOX_DEAD_LETTERS, outboxCounts, type OutboxCounts } from './outbox-admin';

const BATCH = 200;
/** Most rows in one group insert: bounded so one statement's JSON and work stay small. */
const GROUP_INSERT_MAX = 64;
/**
 * The pause between two group-insert (or mark-published) statements under load, so each carries more rows:
 * measured on the logging load, PostgreSQL's CPU per log fell by about a tenth (docs/decisions.md).
 */
export const GROUP_GAP_MS = 3;

interface PendingInsert {
  row: object;
  event: DomainEvent;
  /** Set once committed: the event's outbox row, or undefined when the row was not written. */
  seq?: string;
  error?: unknown;
}

/** Rows of one table that go in with an event each, many per statement: see Outbox.groupInsert. */
export interface GroupInsertSpec {
  /** The table, in the outbox's schema. */
  table: string;
  /** Every column written and its PostgreSQL type (the rows travel as JSON, read with json_to_recordset). */
  columns: Readonly<Record<string, string>>;
  /** The primary key column: it tells which rows were written. */
  key: string;
  /** A unique constraint's columns: a row conflicting with one already there is skipped, and its event with it. */
  conflict: readonly string[];
}

/** How long the relay keeps trying an event the bus refuses while it answers other publishes. */
export interface OutboxRetryOptions {
  /** Failed publishes before the event is dead-lettered. */
  maxAttempts: number;
  /** The wait after the first failure, doubled after each further one up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
}

/** What the outbox reads from its environment (the services' processes and the embedded product). */
export const OutboxEnv = z.object({
  /** Hours a published event stays in its outbox, for `outbox-cli replay-range` to send again. */
  OUTBOX_REPLAY_WINDOW_HOURS: z.coerce.number().min(0).default(24),
});

/** How often the relay removes published rows older than the replay window. */
const PRUNE_INTERVAL_MS = 5 * 60_000;

/** Ten attempts over about eight and a half minutes: a broker hiccup passes, a broken event stops being retried. */
export const DEFAULT_OUTBOX_RETRY: OutboxRetryOptions = { maxAttempts: 10, baseDelayMs: 1_000, maxDelayMs: 5 * 60_000 };

export interface OutboxOptions {
  database: Database;
  /** The owning service's schema; the outbox table lives there. */
  schema: string;
  bus: Bus;
  logger: Logger;
  /** How often the relay looks for rows a crash, a bus outage or a retry's wait left behind. */
  pollMs?: number;
  retry?: Partial<OutboxRetryOptions>;
  /** Decides when a failed event is due again, and stamps when one was published; defaults to the system clock. */
  clock?: Clock;
  /** How long a published event's row is kept for a replay (replay-range); defaults to OUTBOX_REPLAY_WINDOW_HOURS. */
  replayWindowMs?: number;
}

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

/**
 * Transactional outbox: a service writes its state change and the event in one transaction
 * (`enqueue`), and the relay publishes committed events to the bus with Nats-Msg-Id = event id.
 * A row is marked published only once the bus has acknowledged the event (JetStream's PubAck: the
 * stream stored it), and kept for the replay window (`replayWindowMs`) so an operator can send a
 * time range again if a broker loses acknowledged events (outbox-cli replay-range); then pruned.
 * If the bus is down the rows wait, however long; if the relay dies after publishing and before
 * marking, the broker's de-duplication window and the consumers' inboxes absorb the second publish.
 * An event the bus refuses while it takes others is retried with backoff, out of the way of the
 * events behind it, and after `retry.maxAttempts` (at once if it can never fit the bus's payload
 * limit) moved with its reason to `<schema>.outbox_dead_letters`, where an operator can replay it.
 */
export interface Outbox {
  enqueue(trx: Kysely<any>, event: DomainEvent): Promise<void>;
  /**
   * Many events in one statement, in their order (the relay sends them in that order): a batch that
   * emits an event per row costs one statement, not one per event. Nothing runs for none.
   */
  enqueueAll(trx: Kysely<any>, events: readonly DomainEvent[]): Promise<void>;
  /**
   * An insert of one row with its event, committed on its own: the row and the event's outbox row
   * go in one statement (atomic like a transaction holding both, in one round trip instead of
   * four), and the event only if the row was written (not skipped on `spec.conflict`). The event is
   * then published at once, without waiting for the relay, and its outbox row marked published in a
   * batch with others'; if that publish fails the relay sends it later. Concurrent calls share one
   * statement (group commit) whose text is the same for any number of rows, so neither the client
   * nor PostgreSQL builds a new statement per batch. Answers whether the row was written.
   */
  groupInsert<Row extends object>(spec: GroupInsertSpec): (row: Row, event: DomainEvent) => Promise<boolean>;
  /** Publish what is committed now (called after a commit so events leave without waiting a poll). */
  kick(): void;
  /** Resolves once everything committed so far has been published (acknowledged) or dead-lettered; rejects after timeoutMs. */
  drain(timeoutMs?: number): Promise<void>;
  counts(): Promise<OutboxCounts>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createOutbox(options: OutboxOptions): Outbox {
  const { database, bus, logger } = options;
  const clock = options.clock ?? systemClock;
  const retry = { ...DEFAULT_OUTBOX_RETRY, ...options.retry };
  const replayWindowMs = options.replayWindowMs ?? loadConfig(OutboxEnv).OUTBOX_REPLAY_WINDOW_HOURS * 3600_000;
  const schema = sqlName(options.schema, 'schema');
  const table = sql.table(`${schema}.outbox`);
  const deadLetters = sql.table(`${schema}.${OUTBOX_DEAD_LETTERS}`);
  let timer: NodeJS.Timeout | undefined;
  let pruneTimer: NodeJS.Timeout | undefined;
  let pruning: Promise<void> | undefined;
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = true;
  /** Rows groupInsert is publishing or has published and not yet marked: the relay leaves them be. */
  const direct = new Set<string>();
  const directPublishes = new Set<Promise<void>>();
  /** The rows published directly are marked many per statement, of one text whatever their number. */
  // `= any(array(...))` and not `in (select ...)`: PostgreSQL then looks each row up in the primary key
  // instead of joining against a scan of the whole table, which it guesses cheaper for a JSON list.
  const markText = `update ${schema}.outbox set published_at = $2 where seq = any (array(select value::bigint from json_array_elements_text($1::json)))`;
  const marks = createBatcher<string>(
    async (seqs) => {
      await database.db.executeQuery(CompiledQuery.raw(markText, [JSON.stringify(seqs), clock.now()]));
    },
    { gapMs: GROUP_GAP_MS },
  );

  function groupInsertText(spec: GroupInsertSpec): string {
    sqlName(spec.table, 'table');
    for (const column of [spec.key, ...Object.keys(spec.columns), ...spec.conflict]) sqlName(column, 'column');
    const columns = Object.keys(spec.columns).join(', ');
    const definitions = Object.entries(spec.columns)
      .map(([name, type]) => `${name} ${type}`)
      .join(', ');
    // Each row's event goes in only if its row was written; the answer says which input row each outbox row is for.
    return `
      with input as (select * from json_to_recordset($1::json) as x(input_index int, input_event jsonb, ${definitions})),
      written as (
        insert into ${schema}.${spec.table} (${columns}) select ${columns} from input order by input_index
        on conflict (${spec.conflict.join(', ')}) do nothing returning ${spec.key}
      ),
      queued as (
        insert into ${schema}.outbox (event) select input.input_event from input join written using (${spec.key})
        order by input.input_index returning seq, event->>'id' as event_id
      )
      select input.input_index as i, queued.seq from queued join input on input.input_event->>'id' = queued.event_id`;
  }

  function publishDirectly(seq: string, event: DomainEvent): void {
    direct.add(seq);
    const publishing = bus
      .publish(event, { msgId: event.id })
      .then(
        () =>
          marks.add(seq).then(
            () => {
              direct.delete(seq);
            },
            (err: unknown) => {
              // Left for the relay, which publishes it again (the broker drops the copy).
              logger.warn({ err }, 'outbox mark failed; the relay will resend');
              direct.delete(seq);
            },
          ),
        (err: unknown) => {
          logger.warn({ err, eventId: event.id }, 'outbox publish failed; the relay will retry');
          direct.delete(seq);
        },
      )
      .then(() => undefined)
      .finally(() => directPublishes.delete(publishing));
    directPublishes.add(publishing);
  }

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
      const locked = await sql<OutboxRow>`
        select seq, event, attempts from ${table} where published_at is null and (next_attempt_at is null or next_attempt_at <= ${now})
        order by seq limit ${BATCH} for update skip locked`.execute(trx);
      // Rows this process is sending directly are not the relay's. (PGlite reads a bigint as a number.)
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

  /** Removes the published rows older than the replay window (several instances may run it at once: harmless). */
  function prune(): void {
    if (pruning) return;
    const cutoff = new Date(clock.now().getTime() - replayWindowMs);
    pruning = sql`delete from ${table} where published_at < ${cutoff}`
      .execute(database.db)
      .then(
        () => undefined,
        (err: unknown) => logger.warn({ err }, 'outbox prune failed; will retry'),
      )
      .finally(() => {
        pruning = undefined;
      });
  }

  function run(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = relay()
      .catch((err) => {
        logger.warn({ err }, 'outbox relay failed; will retry');
        return 0;
      })
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          void run();
        }
      });
    return running;
  }

  return {
    async enqueue(trx, event) {
      await sql`insert into ${table} (event) values (${JSON.stringify(event)}::jsonb)`.execute(trx);
    },
    async enqueueAll(trx, events) {
      if (events.length === 0) return;
      // One JSON parameter, so the statement text is the same for any number of events.
      await trx.executeQuery(
        CompiledQuery.raw(`insert into ${schema}.outbox (event) select value from jsonb_array_elements($1::jsonb) with ordinality as e(value, n) order by n`, [
          JSON.stringify(events),
        ]),
      );
    },
    groupInsert<Row extends object>(spec: GroupInsertSpec) {
      const text = groupInsertText(spec);
      const run = async (batch: PendingInsert[]): Promise<void> => {
        const rows = batch.map((pending, i) => ({ ...pending.row, input_index: i, input_event: pending.event }));
        const written = await database.db.executeQuery<{ i: number; seq: string }>(CompiledQuery.raw(text, [JSON.stringify(rows)]));
        for (const row of written.rows) batch[row.i]!.seq = String(row.seq);
      };
      // If the statement fails (one row breaking a constraint fails them all), each row goes alone
      // and gets its own answer or error: one bad request never fails the others.
      const inserts = createBatcher<PendingInsert>(
        async (batch) => {
          try {
            await run(batch);
          } catch (err) {
            if (batch.length === 1) {
              batch[0]!.error = err;
              return;
            }
            await Promise.all(
              batch.map((pending) =>
                run([pending]).catch((alone: unknown) => {
                  pending.error = alone;
                }),
              ),
            );
          }
        },
        { maxItems: GROUP_INSERT_MAX, gapMs: GROUP_GAP_MS },
      );
      return async (row: Row, event: DomainEvent) => {
        const pending: PendingInsert = { row, event };
        await inserts.add(pending);
        if ('error' in pending) throw pending.error;
        if (pending.seq === undefined) return false;
        if (!stopped) publishDirectly(pending.seq, event);
        return true;
      };
    },
    kick() {
      if (!stopped) void run();
    },
    async drain(timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        await run();
        const left = await sql<{ n: number }>`select count(*)::int as n from ${table} where published_at is null`.execute(database.db);
        if (left.rows[0]!.n === 0) return;
        if (Date.now() > deadline) throw new Error(`outbox of ${schema} still holds ${left.rows[0]!.n} events`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    counts() {
      return outboxCounts(database.db, schema);
    },
    async start() {
      // Under migrate()'s lock: "if not exists" alone fails one of N instances creating the table at once.
      await database.db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(hashtext(${schema}))`.execute(trx);
        await sql.raw(`create table if not exists ${schema}.outbox (seq bigserial primary key, event jsonb not null, created_at timestamptz not null default now())`).execute(trx);
        // Outbox tables made before retries and the replay window existed gain their columns in place.
        // Looked up first: the alter locks the whole table, which would stall the other instances' writes at every start.
        const upToDate = await sql<{ n: number }>`
          select count(*)::int as n from information_schema.columns
          where table_schema = ${schema} and table_name = 'outbox' and column_name in ('last_error', 'published_at')`.execute(trx);
        if (upToDate.rows[0]!.n < 2) {
          await sql
            .raw(
              `alter table ${schema}.outbox add column if not exists attempts int not null default 0, add column if not exists next_attempt_at timestamptz, add column if not exists last_error text, add column if not exists published_at timestamptz`,
            )
            .execute(trx);
        }
        // The relay reads the unpublished rows only: without it, every read would pass over the window's published ones.
        await sql.raw(`create index if not exists outbox_unpublished on ${schema}.outbox (seq) where published_at is null`).execute(trx);
        await sql
          .raw(
            `create table if not exists ${schema}.${OUTBOX_DEAD_LETTERS} (seq bigint primary key, event jsonb not null, reason text not null, attempts int not null, failed_at timestamptz not null)`,
          )
          .execute(trx);
      });
      stopped = false;
      timer = setInterval(() => void run(), options.pollMs ?? 1000);
      timer.unref();
      pruneTimer = setInterval(prune, Math.min(PRUNE_INTERVAL_MS, Math.max(replayWindowMs, 1_000)));
      pruneTimer.unref();
      void run();
      prune();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      if (pruneTimer) clearInterval(pruneTimer);
      await running;
      await Promise.allSettled([...directPublishes]);
      await marks.idle();
      await pruning;
    },
  };
}
