import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { sql } from 'kysely';
import type { DomainEvent } from '@warriors/contracts';
import { faultFigures, holdsFor, recordFaultFigures, waitFor } from '@warriors/test-support';
import { createOutbox, fixedClock, outboxCounts, type Bus, type Clock, type Database, type Outbox, type OutboxRetryOptions } from '../../src';
import { outboxCli } from '../../src/messaging/outbox-cli';
import { userRegistered } from './bus/events';

/** One setup the scenarios run on: a database, and a bus in a namespace of its own per call. */
export interface OutboxSetup {
  database: () => Database;
  /** A fresh bus namespace (stream or broker) per call, so a scenario sees only its own events. */
  bus: () => Promise<Bus>;
}

export const userDeleted = (userId: string = randomUUID()): DomainEvent => ({
  id: randomUUID(),
  type: 'user.deleted',
  v: 1,
  occurredAt: new Date().toISOString(),
  data: { user_id: userId },
});

/** A user.updated carrying a picture in the event, as auth's did: 1.2 MB, over NATS's 1 MiB. */
export const oversizedUserUpdated = (): DomainEvent => {
  const registered = userRegistered();
  return { ...registered, type: 'user.updated', data: { ...registered.data, profile_picture: `data:image/png;base64,${'A'.repeat(1_200_000)}` } } as DomainEvent;
};

/** A bus that refuses `times` publishes of one event (the broker rejecting it), then takes it; counts every publish of it. */
export function refusing(bus: Bus, eventId: string, times: number): Bus & { attempts: () => number; heal: () => void } {
  let attempts = 0;
  let refusals = times;
  return {
    ...bus,
    async publish(event, options) {
      if (event.id !== eventId) return bus.publish(event, options);
      attempts++;
      if (refusals > 0) {
        refusals--;
        throw new Error('broker refused the message');
      }
      return bus.publish(event, options);
    },
    attempts: () => attempts,
    heal: () => {
      refusals = 0;
    },
  };
}

/** Deliveries per event id, as a consumer of the bus saw them. */
export async function deliveries(bus: Bus, durable: string): Promise<Map<string, number>> {
  const seen = new Map<string, number>();
  await bus.consume({ durable, subjects: ['user.>'] }, async (event) => {
    seen.set(event.id, (seen.get(event.id) ?? 0) + 1);
  });
  return seen;
}

/** Points-style figures for events: each expected once, none lost, none twice. */
export function eventFigures(fault: string, expected: readonly DomainEvent[], seen: ReadonlyMap<string, number>) {
  return recordFaultFigures(faultFigures(fault, new Map(expected.map((event) => [event.id, 1])), seen));
}

export function runOutboxRetryScenarios(name: string, setup: OutboxSetup): void {
  describe(`outbox retries and dead letters: ${name}`, () => {
    const outboxes: Outbox[] = [];
    const buses: Bus[] = [];
    let logs: Array<Record<string, unknown>>;
    let logText: string[];

    const start = async (options: { schema: string; bus: Bus; retry?: Partial<OutboxRetryOptions>; clock?: Clock }): Promise<Outbox> => {
      await sql.raw(`create schema ${options.schema}; create table ${options.schema}.notes (id text primary key)`).execute(setup.database().db);
      const logger = pino({ level: 'warn' }, { write: (line: string) => void (logText.push(line), logs.push(JSON.parse(line) as Record<string, unknown>)) });
      const outbox = createOutbox({ database: setup.database(), schema: options.schema, bus: options.bus, logger, pollMs: 20, retry: options.retry, clock: options.clock });
      outboxes.push(outbox);
      await outbox.start();
      return outbox;
    };
    const bus = async (): Promise<Bus> => {
      const b = await setup.bus();
      buses.push(b);
      return b;
    };
    const schemaName = () => `outbox_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    const enqueueAll = async (outbox: Outbox, events: readonly DomainEvent[]): Promise<void> => {
      await setup
        .database()
        .db.transaction()
        .execute(async (trx) => {
          for (const event of events) await outbox.enqueue(trx, event);
        });
      outbox.kick();
    };
    const deadLetters = async (schema: string) =>
      (
        await sql<{
          seq: string;
          event: DomainEvent;
          reason: string;
          attempts: number;
        }>`select seq::text as seq, event, reason, attempts from ${sql.table(`${schema}.outbox_dead_letters`)} order by seq`.execute(setup.database().db)
      ).rows;

    beforeEach(() => {
      logs = [];
      logText = [];
    });

    afterEach(async () => {
      for (const outbox of outboxes.splice(0)) await outbox.stop();
      await Promise.all(buses.splice(0).map((b) => b.close()));
    });

    it('publishes the 300 events behind an event too large for the bus, and dead-letters that one at once with its reason', async () => {
      const schema = schemaName();
      const b = await bus();
      const seen = await deliveries(b, 'oversized');
      const outbox = await start({ schema, bus: b });
      const [big, normal] = [oversizedUserUpdated(), Array.from({ length: 300 }, () => userDeleted())];
      await enqueueAll(outbox, [big, ...normal]);

      await waitFor(() => normal.every((event) => seen.has(event.id)), 15_000, 'the 300 events behind the big one published');
      await waitFor(async () => (await outboxCounts(setup.database().db, schema)).deadLettered === 1, 5_000, 'the big one dead-lettered');
      const [letter] = await deadLetters(schema);
      expect(letter!.event.id).toBe(big.id);
      expect(letter!.attempts).toBe(1);
      expect(letter!.reason).toMatch(/^payload of 1,200,\d{3} bytes exceeds the bus limit of 1,048,576$/);
      expect(await outbox.counts()).toEqual({ pending: 0, retrying: 0, deadLettered: 1 });
      expect(seen.has(big.id)).toBe(false);
      const figures = eventFigures(`outbox: 1.2 MB event ahead of 300 (${name})`, normal, seen);
      expect(figures).toMatchObject({ expected: 300, seen: 300, lost: 0, double: 0 });

      const logged = logs.filter((entry) => entry.msg === `outbox event dead-lettered to ${schema}.outbox_dead_letters`);
      expect(logged).toEqual([expect.objectContaining({ level: 50, eventId: big.id, eventType: 'user.updated', reason: letter!.reason, attempts: 1 })]);
      // Never the payload: a picture (or any personal data in an event) stays out of the logs.
      expect(logText.some((line) => line.includes('AAAAAAAA'))).toBe(false);
    });

    it('retries an event the broker refuses on the clock’s backoff, publishes it once, and holds nothing back meanwhile', async () => {
      const schema = schemaName();
      const b = await bus();
      const seen = await deliveries(b, 'flaky');
      const clock = fixedClock('2026-11-24T09:00:00Z');
      const flaky = userDeleted();
      const wrapped = refusing(b, flaky.id, 2);
      const outbox = await start({ schema, bus: wrapped, clock, retry: { maxAttempts: 5, baseDelayMs: 1_000, maxDelayMs: 60_000 } });
      const behind = Array.from({ length: 50 }, () => userDeleted());
      await enqueueAll(outbox, [flaky, ...behind]);

      await waitFor(() => behind.every((event) => seen.has(event.id)), 10_000, 'the events behind the refused one published');
      expect(await outbox.counts()).toEqual({ pending: 1, retrying: 1, deadLettered: 0 });
      const waiting = await sql<{ attempts: number; next_attempt_at: Date; last_error: string }>`
        select attempts, next_attempt_at, last_error from ${sql.table(`${schema}.outbox`)} where published_at is null`.execute(setup.database().db);
      expect(waiting.rows).toEqual([{ attempts: 1, next_attempt_at: new Date('2026-11-24T09:00:01Z'), last_error: 'broker refused the message' }]);
      // Not due yet: the polls pass it over.
      await holdsFor(() => wrapped.attempts() === 1, 200, 'no retry before its time');

      clock.advance(1_000);
      await waitFor(() => wrapped.attempts() === 2, 5_000, 'second attempt once due');
      await waitFor(
        async () =>
          (await sql<{ attempts: number }>`select attempts from ${sql.table(`${schema}.outbox`)} where published_at is null`.execute(setup.database().db)).rows[0]?.attempts === 2,
        5_000,
        'second failure recorded',
      );
      clock.advance(1_999);
      await holdsFor(() => wrapped.attempts() === 2, 200, 'the second wait is doubled');
      clock.advance(1);
      await waitFor(() => seen.has(flaky.id), 5_000, 'published after the refusals');
      await waitFor(async () => (await outbox.counts()).pending === 0, 5_000, 'its row marked published');
      await holdsFor(() => seen.get(flaky.id) === 1, 200, 'delivered once');
      const figures = eventFigures(`outbox: broker refuses one event twice (${name})`, [flaky, ...behind], seen);
      expect(figures).toMatchObject({ expected: 51, seen: 51, lost: 0, double: 0 });
      expect(await outbox.counts()).toEqual({ pending: 0, retrying: 0, deadLettered: 0 });
    });

    it('dead-letters an event after the bound of attempts, logs it, and replays it once the cause is fixed', async () => {
      const schema = schemaName();
      const b = await bus();
      const seen = await deliveries(b, 'bound');
      const doomed = userDeleted('user-with-a-secret');
      const wrapped = refusing(b, doomed.id, Infinity);
      const outbox = await start({ schema, bus: wrapped, retry: { maxAttempts: 3, baseDelayMs: 5, maxDelayMs: 20 } });
      const behind = Array.from({ length: 10 }, () => userDeleted());
      await enqueueAll(outbox, [doomed, ...behind]);

      await waitFor(async () => (await outbox.counts()).deadLettered === 1, 5_000, 'dead-lettered after 3 attempts');
      expect(wrapped.attempts()).toBe(3);
      const [letter] = await deadLetters(schema);
      expect(letter).toMatchObject({ attempts: 3, reason: 'publish failed 3 times; last error: broker refused the message' });
      expect(letter!.event).toEqual(doomed);
      expect(await outbox.counts()).toEqual({ pending: 0, retrying: 0, deadLettered: 1 });
      await waitFor(() => behind.every((event) => seen.has(event.id)), 5_000, 'the events behind it published');
      const logged = logs.filter((entry) => entry.level === 50);
      expect(logged).toEqual([expect.objectContaining({ eventId: doomed.id, eventType: 'user.deleted', reason: letter!.reason, attempts: 3 })]);
      expect(logText.some((line) => line.includes('user-with-a-secret'))).toBe(false);
      await holdsFor(() => wrapped.attempts() === 3, 100, 'no attempt after the dead letter');

      // What an operator sees: the counts, then the dead letter without its payload; then the replay.
      const status = await outboxCli(['status'], setup.database());
      expect(status.split('\n')).toContainEqual(expect.stringMatching(new RegExp(`^${schema} +0 +0 +1$`)));
      const listed = await outboxCli(['dead-letters', schema], setup.database());
      expect(listed).toMatch(new RegExp(`^${letter!.seq}\t\\S+\t3 attempts\tuser.deleted ${doomed.id}\tpublish failed 3 times; last error: broker refused the message$`));
      expect(listed).not.toContain('user-with-a-secret');
      wrapped.heal();
      expect(await outboxCli(['replay', schema, letter!.seq], setup.database())).toBe(`1 dead-lettered event(s) of ${schema} back in its outbox`);
      outbox.kick();
      await waitFor(() => seen.has(doomed.id), 5_000, 'the replayed event published');
      await waitFor(async () => (await outbox.counts()).pending === 0, 5_000, 'its row marked published');
      expect(await outbox.counts()).toEqual({ pending: 0, retrying: 0, deadLettered: 0 });
    });

    it('leaves a direct publish that fails to the relay, which dead-letters it without looping', async () => {
      const schema = schemaName();
      const b = await bus();
      const seen = await deliveries(b, 'direct');
      const big = oversizedUserUpdated();
      const counted = refusing(b, big.id, 0);
      const outbox = await start({ schema, bus: counted });
      const insertNote = outbox.groupInsert({ table: 'notes', columns: { id: 'text' }, key: 'id', conflict: ['id'] });
      const after = userDeleted();

      expect(await insertNote({ id: 'big' }, big)).toBe(true);
      expect(await insertNote({ id: 'after' }, after)).toBe(true);
      await waitFor(async () => (await outbox.counts()).deadLettered === 1, 5_000, 'dead-lettered by the relay');
      await waitFor(() => seen.has(after.id), 5_000, 'the next insert published');
      // Once directly, once by the relay: then never again, though the relay polls every 20 ms.
      await holdsFor(() => counted.attempts() === 2, 300, 'two publishes of the big event, no more');
      expect(await outbox.counts()).toEqual({ pending: 0, retrying: 0, deadLettered: 1 });
    });

    it('brings an outbox table made before retries up to date and relays what it held', async () => {
      const schema = schemaName();
      const old = userDeleted();
      await sql
        .raw(`create schema ${schema}; create table ${schema}.outbox (seq bigserial primary key, event jsonb not null, created_at timestamptz not null default now())`)
        .execute(setup.database().db);
      await sql`insert into ${sql.table(`${schema}.outbox`)} (event) values (${JSON.stringify(old)}::jsonb)`.execute(setup.database().db);
      const b = await bus();
      const seen = await deliveries(b, 'legacy');
      const outbox = createOutbox({ database: setup.database(), schema, bus: b, logger: pino({ level: 'silent' }), pollMs: 20 });
      outboxes.push(outbox);
      await outbox.start();
      await waitFor(() => seen.has(old.id), 5_000, 'the old row relayed');
      await waitFor(async () => (await outbox.counts()).pending === 0, 5_000, 'its row marked published');
      expect(await outbox.counts()).toEqual({ pending: 0, retrying: 0, deadLettered: 0 });
    });
  });
}
