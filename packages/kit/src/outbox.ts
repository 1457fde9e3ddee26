import { sql, type Compilable, type Kysely, type OperationNodeSource } from 'kysely';
import type { DomainEvent } from '@warriors/contracts';
import { createBatcher } from './batcher';
import type { Bus } from './bus/bus.port';
import type { Database } from './db/database';
import type { Logger } from './logger';

const BATCH = 200;
/** Most commitWith calls in one statement: bounded so a statement's parameters and plan stay small. */
const GROUP_COMMIT_MAX = 64;

interface PendingCommit {
  change: Compilable & OperationNodeSource;
  event: DomainEvent;
  /** Set once committed: the event's outbox row, or undefined when the change wrote no row. */
  seq?: string;
  error?: unknown;
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
   * Runs `change` (a data-modifying query with a RETURNING clause) and enqueues `event` if it
   * returned a row, in one statement that commits on its own: atomic like a transaction holding
   * both, in one round trip instead of four (begin, change, enqueue, commit). The event is then
   * published at once, without waiting for the relay, and its row deleted in a batch with others';
   * if that publish fails the relay sends it later. Answers whether the change wrote a row.
   * Concurrent calls on the service's own pool share one statement (group commit).
   */
  commitWith(db: Kysely<any>, change: Compilable & OperationNodeSource, event: DomainEvent): Promise<boolean>;
  /** Publish what is committed now (called after a commit so events leave without waiting a poll). */
  kick(): void;
  /** Resolves once everything committed so far has been published; rejects after timeoutMs. */
  drain(timeoutMs?: number): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createOutbox(options: OutboxOptions): Outbox {
  const { database, schema, bus, logger } = options;
  const table = sql.table(`${schema}.outbox`);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = true;
  /** Rows commitWith is publishing or has published and not yet deleted: the relay leaves them be. */
  const direct = new Set<string>();
  const directPublishes = new Set<Promise<void>>();
  /** The rows published directly are deleted many per statement. */
  const deletes = createBatcher<string>(async (seqs) => {
    await sql`delete from ${table} where seq in (${sql.join(seqs)})`.execute(database.db);
  });

  async function commitOne(db: Kysely<any>, change: Compilable & OperationNodeSource, event: DomainEvent): Promise<string | undefined> {
    const written = await sql<{ seq: string }>`
      with change as (${change})
      insert into ${table} (event) select ${JSON.stringify(event)}::jsonb where exists (select 1 from change)
      returning seq`.execute(db);
    const seq = written.rows[0]?.seq;
    return seq === undefined ? undefined : String(seq);
  }

  /**
   * Group commit: the changes and events of concurrent commitWith calls in ONE statement, each change
   * a CTE with its own conditional outbox insert, so they commit together (one round trip, one WAL
   * flush) and each call still learns whether its own change wrote a row. If the statement fails
   * (one change breaking a constraint fails them all), each runs alone and gets its own answer or
   * error: one bad request never fails the others.
   */
  const commits = createBatcher<PendingCommit>(async (batch) => {
    const alone = async (pending: PendingCommit): Promise<void> => {
      try {
        pending.seq = await commitOne(database.db, pending.change, pending.event);
      } catch (err) {
        pending.error = err;
      }
    };
    if (batch.length === 1) return alone(batch[0]!);
    try {
      const parts = batch.map(
        (p, i) => sql`${sql.raw(`c${i}`)} as (${p.change}), ${sql.raw(`o${i}`)} as (
          insert into ${table} (event) select ${JSON.stringify(p.event)}::jsonb where exists (select 1 from ${sql.raw(`c${i}`)}) returning seq)`,
      );
      const picks = batch.map((_, i) => sql`select ${sql.raw(String(i))} as i, seq from ${sql.raw(`o${i}`)}`);
      const written = await sql<{ i: number; seq: string }>`with ${sql.join(parts)} ${sql.join(picks, sql` union all `)}`.execute(database.db);
      for (const row of written.rows) batch[row.i]!.seq = String(row.seq);
    } catch {
      await Promise.all(batch.map(alone));
    }
  }, GROUP_COMMIT_MAX);

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
    async commitWith(db, change, event) {
      if (db.isTransaction) throw new Error('commitWith commits on its own: call it outside a transaction');
      let seq: string | undefined;
      if (db === database.db) {
        // The service's own pool: concurrent calls go in one statement (one commit) together.
        const pending: PendingCommit = { change, event };
        await commits.add(pending);
        if ('error' in pending) throw pending.error;
        seq = pending.seq;
      } else {
        seq = await commitOne(db, change, event);
      }
      if (seq === undefined) return false;
      if (!stopped) publishDirectly(seq, event);
      return true;
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
