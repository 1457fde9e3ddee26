import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { DomainEvent } from '@warriors/contracts';
import { createBatcher } from './batcher';
import type { Bus } from './bus/bus.port';
import type { Database } from './db/database';
import { sqlName } from './db/sql-name';
import type { Logger } from './logger';

const BATCH = 200;
/** Most rows in one group insert: bounded so one statement's JSON and work stay small. */
const GROUP_INSERT_MAX = 64;
/**
 * The pause between two group-insert (or delete) statements under load, so each carries more rows:
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

export interface OutboxOptions {
  database: Database;
  /** The owning service's schema; the outbox table lives there. */
  schema: string;
  bus: Bus;
  logger: Logger;
  /** How often the relay looks for rows a crash or a bus outage left behind. */
  pollMs?: number;
}

/**
 * Transactional outbox: a service writes its state change and the event in one transaction
 * (`enqueue`), and the relay publishes committed events to the bus with Nats-Msg-Id = event id.
 * If the bus is down the rows wait; if the relay dies after publishing and before deleting, the
 * broker's de-duplication window and the consumers' inboxes absorb the second publish.
 */
export interface Outbox {
  enqueue(trx: Kysely<any>, event: DomainEvent): Promise<void>;
  /**
   * An insert of one row with its event, committed on its own: the row and the event's outbox row
   * go in one statement (atomic like a transaction holding both, in one round trip instead of
   * four), and the event only if the row was written (not skipped on `spec.conflict`). The event is
   * then published at once, without waiting for the relay, and its outbox row deleted in a batch
   * with others'; if that publish fails the relay sends it later. Concurrent calls share one
   * statement (group commit) whose text is the same for any number of rows, so neither the client
   * nor PostgreSQL builds a new statement per batch. Answers whether the row was written.
   */
  groupInsert<Row extends object>(spec: GroupInsertSpec): (row: Row, event: DomainEvent) => Promise<boolean>;
  /** Publish what is committed now (called after a commit so events leave without waiting a poll). */
  kick(): void;
  /** Resolves once everything committed so far has been published; rejects after timeoutMs. */
  drain(timeoutMs?: number): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createOutbox(options: OutboxOptions): Outbox {
  const { database, bus, logger } = options;
  const schema = sqlName(options.schema, 'schema');
  const table = sql.table(`${schema}.outbox`);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = true;
  /** Rows groupInsert is publishing or has published and not yet deleted: the relay leaves them be. */
  const direct = new Set<string>();
  const directPublishes = new Set<Promise<void>>();
  /** The rows published directly are deleted many per statement, of one text whatever their number. */
  // `= any(array(...))` and not `in (select ...)`: PostgreSQL then looks each row up in the primary key
  // instead of joining against a scan of the whole table, which it guesses cheaper for a JSON list.
  const deleteText = `delete from ${schema}.outbox where seq = any (array(select value::bigint from json_array_elements_text($1::json)))`;
  const deletes = createBatcher<string>(
    async (seqs) => {
      await database.db.executeQuery(CompiledQuery.raw(deleteText, [JSON.stringify(seqs)]));
    },
    { gapMs: GROUP_GAP_MS },
  );

  function groupInsertText(spec: GroupInsertSpec): string {
    sqlName(spec.table, 'table');
    for (const column of [spec.key, ...Object.keys(spec.columns), ...spec.conflict]) sqlName(column, 'column');
    const columns = Object.keys(spec.columns).join(', ');
    const definitions = Object.entries(spec.columns).map(([name, type]) => `${name} ${type}`).join(', ');
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
          deletes.add(seq).then(
            () => {
              direct.delete(seq);
            },
            (err: unknown) => {
              // Left for the relay, which publishes it again (the broker drops the copy).
              logger.warn({ err }, 'outbox delete failed; the relay will resend');
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

  async function publishBatch(): Promise<number> {
    return database.db.transaction().execute(async (trx) => {
      // SKIP LOCKED lets several instances of a service relay side by side without sending a row twice at once.
      const locked = await sql<{ seq: string; event: DomainEvent }>`
        select seq, event from ${table} order by seq limit ${BATCH} for update skip locked`.execute(trx);
      // Rows this process is sending directly are not the relay's.
      const rows = { rows: locked.rows.filter((row) => !direct.has(String(row.seq))) };
      const skipped = locked.rows.length - rows.rows.length;
      // Pipelined in commit order: every publish is written to the one connection before any answer
      // is awaited, so the broker stores them in that order at the cost of one round trip per batch
      // instead of one per event. Only the leading run of confirmed publishes is deleted: after a
      // failure the rest are published again (the broker's msg-id window and the consumers' inboxes
      // drop the copies), so an event is never deleted unsent, though a later event of the batch may
      // then reach consumers before the failed one's retry.
      const outcomes = await Promise.allSettled(rows.rows.map((row) => bus.publish(row.event, { msgId: row.event.id })));
      const sent: string[] = [];
      for (const [i, outcome] of outcomes.entries()) {
        if (outcome.status === 'rejected') {
          logger.warn({ err: outcome.reason, eventId: rows.rows[i]!.event.id }, 'outbox publish failed; will retry');
          break;
        }
        sent.push(rows.rows[i]!.seq);
      }
      if (sent.length > 0) await sql`delete from ${table} where seq in (${sql.join(sent)})`.execute(trx);
      // A full batch reads on at once; one holding direct rows stops here, or it would read them again.
      return sent.length === rows.rows.length && skipped === 0 ? rows.rows.length : 0;
    });
  }

  async function relay(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await publishBatch();
      total += n;
      if (n < BATCH) return total;
    }
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
    groupInsert<Row extends object>(spec: GroupInsertSpec) {
      const text = groupInsertText(spec);
      const run = async (batch: PendingInsert[]): Promise<void> => {
        const rows = batch.map((pending, i) => ({ ...pending.row, input_index: i, input_event: pending.event }));
        const written = await database.db.executeQuery<{ i: number; seq: string }>(CompiledQuery.raw(text, [JSON.stringify(rows)]));
        for (const row of written.rows) batch[row.i]!.seq = String(row.seq);
      };
      // If the statement fails (one row breaking a constraint fails them all), each row goes alone
      // and gets its own answer or error: one bad request never fails the others.
      const inserts = createBatcher<PendingInsert>(async (batch) => {
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
      }, { maxItems: GROUP_INSERT_MAX, gapMs: GROUP_GAP_MS });
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
        const left = await sql<{ n: number }>`select count(*)::int as n from ${table}`.execute(database.db);
        if (left.rows[0]!.n === 0) return;
        if (Date.now() > deadline) throw new Error(`outbox of ${schema} still holds ${left.rows[0]!.n} events`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async start() {
      await sql
        .raw(`create table if not exists ${schema}.outbox (seq bigserial primary key, event jsonb not null, created_at timestamptz not null default now())`)
        .execute(database.db);
      stopped = false;
      timer = setInterval(() => void run(), options.pollMs ?? 1000);
      timer.unref();
      void run();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
      await Promise.allSettled([...directPublishes]);
      await deletes.idle();
    },
  };
}
