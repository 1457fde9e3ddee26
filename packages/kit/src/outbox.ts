import { sql, type Kysely } from 'kysely';
import type { DomainEvent } from '@warriors/contracts';
import type { Bus } from './bus/bus.port';
import type { Database } from './db/database';
import type { Logger } from './logger';

const BATCH = 200;

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

  async function publishBatch(): Promise<number> {
    return database.db.transaction().execute(async (trx) => {
      // SKIP LOCKED lets several instances of a service relay side by side without sending a row twice at once.
      const rows = await sql<{ seq: string; event: DomainEvent }>`
        select seq, event from ${table} order by seq limit ${BATCH} for update skip locked`.execute(trx);
      const sent: string[] = [];
      // One at a time, in commit order: consumers rely on one user's events arriving in the order they happened.
      for (const row of rows.rows) {
        try {
          await bus.publish(row.event, { msgId: row.event.id });
          sent.push(row.seq);
        } catch (err) {
          logger.warn({ err, eventId: row.event.id }, 'outbox publish failed; will retry');
          break;
        }
      }
      if (sent.length > 0) await sql`delete from ${table} where seq in (${sql.join(sent)})`.execute(trx);
      return sent.length === rows.rows.length ? rows.rows.length : 0;
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
    },
  };
}
