import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { DomainEvent } from '@warriors/contracts';
import { createBatcher } from '../batcher';
import type { Bus } from '../bus/bus.port';
import { systemClock, type Clock } from '../../clock';
import { preparedStatement, type Database } from '../../db/database';
import { sqlName } from '../../db/sql-name';
import type { Logger } from '../../logger';
import { outboxCounts, type OutboxCounts } from '../outbox-admin';
import { groupInserter, type GroupInsertSpec } from './group-insert';
import { createRelay, DEFAULT_OUTBOX_RETRY, type OutboxRetryOptions } from './relay';
import { createPruner, replayWindow } from './replay-window';
import { ensureOutboxTables } from './tables';

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
   * emits an event per row costs one statement, not one per event. Nothing runs for none. Answers
   * the rows written, for `send` once the transaction has committed.
   */
  enqueueAll(trx: Kysely<any>, events: readonly DomainEvent[]): Promise<EnqueuedEvents>;
  /**
   * Publishes rows of enqueueAll whose transaction has committed, at once and in their order, as
   * groupInsert does its own: marked published many per statement, left to the relay if a publish
   * fails. A consumer applying a batch per transaction calls it after each commit instead of
   * `kick`: the relay's pass (a transaction reading the unpublished rows, then marking them) ran
   * once per batch, and its read grew with the rows published since the last vacuum.
   */
  send(enqueued: EnqueuedEvents): void;
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

/** Outbox rows written by enqueueAll, in their order: not to be sent before their transaction commits. */
export type EnqueuedEvents = ReadonlyArray<{ seq: string; event: DomainEvent }>;

/** The pause between two statements marking directly published rows (see `marks`). */
const MARK_GAP_MS = 25;

export function createOutbox(options: OutboxOptions): Outbox {
  const { database, bus, logger } = options;
  const clock = options.clock ?? systemClock;
  const retry = { ...DEFAULT_OUTBOX_RETRY, ...options.retry };
  const schema = sqlName(options.schema, 'schema');
  const table = sql.table(`${schema}.outbox`);
  const pruner = createPruner(database.db, schema, replayWindow(options.replayWindowMs), clock, logger);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = true;
  /** Rows groupInsert is publishing or has published and not yet marked: the relay leaves them be. */
  const direct = new Set<string>();
  const directPublishes = new Set<Promise<void>>();
  const relay = createRelay({ database, schema, bus, logger, clock, retry, direct });
  /**
   * The rows published directly are marked many per statement, of one text whatever their number,
   * with a longer pause between two markings than the group insert's: nobody waits for a mark, and
   * each statement is a commit.
   */
  // `= any(array(...))` and not `in (select ...)`: PostgreSQL then looks each row up in the primary key
  // instead of joining against a scan of the whole table, which it guesses cheaper for a JSON list.
  const markText = preparedStatement(`update ${schema}.outbox set published_at = $2 where seq = any (array(select value::bigint from json_array_elements_text($1::json)))`);
  const enqueueAllText = preparedStatement(
    `insert into ${schema}.outbox (event) select value from jsonb_array_elements($1::jsonb) with ordinality as e(value, n) order by n returning seq::text`,
  );
  const marks = createBatcher<string>(
    async (seqs) => {
      await database.db.executeQuery(CompiledQuery.raw(markText, [JSON.stringify(seqs), clock.now()]));
    },
    { gapMs: MARK_GAP_MS },
  );

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
      if (events.length === 0) return [];
      // One JSON parameter, so the statement text is the same for any number of events.
      const written = await trx.executeQuery<{ seq: string }>(CompiledQuery.raw(enqueueAllText, [JSON.stringify(events)]));
      // The sequence gives the rows their seq in insertion order, which is the events' order.
      const seqs = written.rows.map((row) => row.seq).sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
      return events.map((event, i) => ({ seq: seqs[i]!, event }));
    },
    send(enqueued) {
      if (stopped) return;
      for (const { seq, event } of enqueued) publishDirectly(seq, event);
    },
    groupInsert<Row extends object>(spec: GroupInsertSpec) {
      const insert = groupInserter(database.db, schema, spec);
      return async (row: Row, event: DomainEvent) => {
        const seq = await insert(row, event);
        if (seq === undefined) return false;
        if (!stopped) publishDirectly(seq, event);
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
      await ensureOutboxTables(database.db, schema);
      stopped = false;
      timer = setInterval(() => void run(), options.pollMs ?? 1000);
      timer.unref();
      void run();
      pruner.start();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      pruner.stop();
      await running;
      await Promise.allSettled([...directPublishes]);
      await marks.idle();
      await pruner.idle();
    },
  };
}
