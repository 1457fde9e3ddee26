import type { DomainEvent } from '@warriors/contracts';
import { holdsFor, waitFor } from '@warriors/test-support';
import { DependencyUnavailableError } from '../../../src/http/errors';
import { DEFAULT_MAX_PAYLOAD_BYTES, PayloadTooLargeError, type BatchItem, type Bus, type ConsumerOptions, type DeadLetter, type EventHandler } from '../../../src/messaging/bus';
import { userRegistered } from './events';

const ACK_WAIT_MS = 150;
const fast = (durable: string, extra: Partial<ConsumerOptions> = {}): ConsumerOptions => ({
  durable,
  subjects: ['user.>'],
  maxDeliver: 3,
  ackWaitMs: ACK_WAIT_MS,
  ...extra,
});

/** Collects what a handler saw, so tests can wait on it. */
function recorder(behaviour: EventHandler = async () => {}) {
  const seen: { event: DomainEvent; subject: string; deliveries: number }[] = [];
  const handler: EventHandler = async (event, meta) => {
    seen.push({ event, ...meta });
    await behaviour(event, meta);
  };
  return { seen, handler, ids: () => seen.map((s) => s.event.id) };
}

/**
 * The behaviour every Bus adapter must have. `makeBus` may be called several times in a test
 * and must return handles onto the same broker (like separate processes on one server);
 * `cleanup` runs after each test, once its buses are closed, and must give the next test a
 * fresh namespace.
 */
export function runBusContract(name: string, makeBus: () => Promise<Bus>, cleanup: () => Promise<void>): void {
  describe(`Bus contract: ${name}`, () => {
    const opened: Bus[] = [];
    const bus = async (): Promise<Bus> => {
      const b = await makeBus();
      opened.push(b);
      return b;
    };

    afterEach(async () => {
      await Promise.all(opened.splice(0).map((b) => b.close()));
      await cleanup();
    });

    it('delivers a published event to a consumer', async () => {
      const b = await bus();
      const r = recorder();
      await b.consume(fast('reach'), r.handler);
      const event = userRegistered();
      await b.publish(event);
      await waitFor(() => r.seen.length === 1, 5_000, 'event delivered');
      expect(r.seen[0]).toEqual({ event, subject: 'user.registered', deliveries: 1 });
    });

    it('delivers the same msgId once, defaulting the msgId to the event id', async () => {
      const b = await bus();
      const r = recorder();
      await b.consume(fast('dedupe'), r.handler);
      const [first, sameMsgId, sameId, marker] = [userRegistered(), userRegistered(), userRegistered(), userRegistered()];
      await b.publish(first, { msgId: 'msg-1' });
      await b.publish(sameMsgId, { msgId: 'msg-1' });
      await b.publish(sameId);
      await b.publish(sameId);
      await b.publish(marker);
      await waitFor(() => r.ids().includes(marker.id), 5_000, 'marker delivered');
      expect(r.ids()).toEqual([first.id, sameId.id, marker.id]);
    });

    it('shares a durable between consumers: disjoint shares that together are every event', async () => {
      const [one, two] = [await bus(), await bus()];
      // A little handler time so the work really spreads instead of one consumer draining it all.
      const slow = async () => new Promise<void>((resolve) => setTimeout(resolve, 3));
      const [a, b] = [recorder(slow), recorder(slow)];
      // An ack wait with a loaded machine's margin: a batch held past 150 ms is redelivered to the other consumer, as it should be.
      await one.consume(fast('shared', { ackWaitMs: 2_000 }), a.handler);
      await two.consume(fast('shared', { ackWaitMs: 2_000 }), b.handler);
      const events = Array.from({ length: 50 }, () => userRegistered());
      for (const event of events) await one.publish(event);
      await waitFor(() => a.seen.length + b.seen.length >= 50, 10_000, 'all 50 delivered');
      expect(a.seen.length).toBeGreaterThan(0);
      expect(b.seen.length).toBeGreaterThan(0);
      expect(a.ids().filter((id) => b.ids().includes(id))).toEqual([]);
      expect([...a.ids(), ...b.ids()].sort()).toEqual(events.map((e) => e.id).sort());
    });

    it('gives every event to each of two different durables', async () => {
      const [one, two] = [await bus(), await bus()];
      const [a, b] = [recorder(), recorder()];
      await one.consume(fast('first'), a.handler);
      await two.consume(fast('second'), b.handler);
      const events = Array.from({ length: 10 }, () => userRegistered());
      for (const event of events) await one.publish(event);
      await waitFor(() => a.seen.length >= 10 && b.seen.length >= 10, 5_000, 'both durables got 10');
      expect(a.ids()).toEqual(events.map((e) => e.id));
      expect(b.ids()).toEqual(events.map((e) => e.id));
    });

    it('delivers, in order, events published before the consumer existed', async () => {
      const b = await bus();
      const events = [userRegistered(), userRegistered(), userRegistered()];
      for (const event of events) await b.publish(event);
      const r = recorder();
      await b.consume(fast('late'), r.handler);
      await waitFor(() => r.seen.length >= 3, 5_000, 'backlog delivered');
      expect(r.ids()).toEqual(events.map((e) => e.id));
    });

    it('only delivers subjects matching the consumer filter', async () => {
      const b = await bus();
      const r = recorder();
      await b.consume(fast('filtered', { subjects: ['user.deleted'] }), r.handler);
      const deleted: DomainEvent = { id: 'del-1', type: 'user.deleted', v: 1, occurredAt: new Date().toISOString(), data: { user_id: 'u1' } };
      await b.publish(userRegistered());
      await b.publish(deleted);
      await waitFor(() => r.seen.length >= 1, 5_000, 'user.deleted delivered');
      expect(r.seen).toEqual([{ event: deleted, subject: 'user.deleted', deliveries: 1 }]);
    });

    it('retries a handler that throws once, then acks', async () => {
      const b = await bus();
      const letters: DeadLetter[] = [];
      b.onDeadLetter((l) => void letters.push(l));
      const r = recorder(async (_e, meta) => {
        if (meta.deliveries === 1) throw new Error('transient');
      });
      await b.consume(fast('retry'), r.handler);
      const [event, marker] = [userRegistered(), userRegistered()];
      await b.publish(event);
      await waitFor(() => r.seen.length >= 2, 5_000, 'redelivered');
      await b.publish(marker);
      await waitFor(() => r.ids().includes(marker.id), 5_000, 'marker delivered');
      await holdsFor(() => r.ids().filter((id) => id === event.id).length === 2, ACK_WAIT_MS * 2, 'acked after the retry');
      expect(r.seen.filter((s) => s.event.id === event.id).map((s) => s.deliveries)).toEqual([1, 2]);
      expect(letters).toEqual([]);
    });

    it('dead-letters a handler that always throws after maxDeliver, exactly once', async () => {
      const b = await bus();
      const letters: DeadLetter[] = [];
      b.onDeadLetter((l) => void letters.push(l));
      const event = userRegistered();
      const r = recorder(async (e) => {
        throw new Error(`cannot apply ${e.id}`);
      });
      await b.consume(fast('poison'), r.handler);
      await b.publish(event);
      await waitFor(() => letters.length >= 1, 5_000, 'dead letter');
      await holdsFor(() => letters.length === 1 && r.seen.length === 3, ACK_WAIT_MS * 3, 'no more deliveries');
      expect(r.seen.map((s) => s.deliveries)).toEqual([1, 2, 3]);
      expect(letters[0]).toEqual({ subject: 'user.registered', durable: 'poison', deliveries: 3, error: `cannot apply ${event.id}`, payload: expect.any(String) });
      expect(JSON.parse(letters[0]!.payload)).toEqual(event);
    });

    it('a dependency failure is retried, not dead-lettered, however many times it happens', async () => {
      const b = await bus();
      const letters: DeadLetter[] = [];
      b.onDeadLetter((l) => void letters.push(l));
      const outage = 3 * 3; // three times maxDeliver
      const r = recorder(async () => {
        if (r.seen.length <= outage) throw new DependencyUnavailableError('test store');
      });
      await b.consume(fast('outage', { dependencyRetryMs: 5 }), r.handler);
      const event = userRegistered();
      await b.publish(event);
      await waitFor(() => r.seen.length === outage + 1, 10_000, 'applied once the dependency is back');
      await holdsFor(() => r.seen.length === outage + 1, ACK_WAIT_MS * 2, 'acked, not delivered again');
      expect(letters).toEqual([]);
      expect(r.ids()).toEqual(Array(outage + 1).fill(event.id));
    });

    it('a real failure is still dead-lettered after maxDeliver, dependency failures not counted', async () => {
      const b = await bus();
      const letters: DeadLetter[] = [];
      b.onDeadLetter((l) => void letters.push(l));
      let calls = 0;
      const r = recorder(async () => {
        calls += 1;
        // Each delivery first meets the dependency away twice, then a fault of the message itself.
        if (calls % 3 !== 0) throw new DependencyUnavailableError('test store');
        throw new Error('cannot apply it');
      });
      await b.consume(fast('real', { dependencyRetryMs: 5 }), r.handler);
      await b.publish(userRegistered());
      await waitFor(() => letters.length >= 1, 10_000, 'dead letter');
      await holdsFor(() => letters.length === 1 && calls === 9, ACK_WAIT_MS * 3, 'no more deliveries');
      expect(r.seen.map((s) => s.deliveries)).toEqual([1, 1, 1, 2, 2, 2, 3, 3, 3]);
      expect(letters[0]).toEqual(expect.objectContaining({ durable: 'real', deliveries: 3, error: 'cannot apply it' }));
    });

    it('retries a batch that fails for a dependency as a whole, then acks it', async () => {
      const b = await bus();
      const letters: DeadLetter[] = [];
      b.onDeadLetter((l) => void letters.push(l));
      const events = Array.from({ length: 4 }, () => userRegistered());
      for (const event of events) await b.publish(event);
      const calls: BatchItem[][] = [];
      await b.consumeBatch({ ...fast('outage-batch', { dependencyRetryMs: 5 }), batch: { max: 4, maxWaitMs: 50 } }, async (items) => {
        calls.push(items);
        if (calls.length <= 5) throw new DependencyUnavailableError('test store');
      });
      await waitFor(() => calls.length >= 6 && calls.flat().length >= 6 * 4, 10_000, 'the batch applied');
      await holdsFor(() => calls.length === 6, ACK_WAIT_MS * 2, 'acked, not delivered again');
      // Never split into batches of one, as a poison message would be: the same four each time.
      expect(calls.map((items) => items.map((item) => item.event.id))).toEqual(Array(6).fill(events.map((e) => e.id)));
      expect(letters).toEqual([]);
    });

    it('retries a dead-letter listener that fails for a dependency instead of dropping the letter', async () => {
      const b = await bus();
      const letters: DeadLetter[] = [];
      let attempts = 0;
      b.onDeadLetter((l) => {
        attempts += 1;
        if (attempts <= 4) throw new DependencyUnavailableError('dead-letter table');
        letters.push(l);
      });
      const r = recorder(async () => {
        throw new Error('cannot apply it');
      });
      await b.consume(fast('letter-outage', { maxDeliver: 1, dependencyRetryMs: 5 }), r.handler);
      await b.publish(userRegistered());
      await waitFor(() => letters.length === 1, 10_000, 'the letter stored');
      await holdsFor(() => letters.length === 1 && r.seen.length === 1, ACK_WAIT_MS * 2, 'no more deliveries');
      expect(letters[0]).toEqual(expect.objectContaining({ durable: 'letter-outage', deliveries: 1, error: 'cannot apply it' }));
    });

    it('hands back a message waiting out a dependency when its consumer stops', async () => {
      const [one, two] = [await bus(), await bus()];
      const failing = recorder(async () => {
        throw new DependencyUnavailableError('test store');
      });
      // A retry far in the future: only the stop can end the wait.
      const sub = await one.consume(fast('handback', { dependencyRetryMs: 60_000 }), failing.handler);
      const event = userRegistered();
      await one.publish(event);
      await waitFor(() => failing.seen.length === 1, 5_000, 'first attempt');
      await sub.stop();
      const r = recorder();
      await two.consume(fast('handback'), r.handler);
      await waitFor(() => r.seen.length === 1, 5_000, 'delivered to the next consumer');
      expect(r.seen[0]).toEqual({ event, subject: 'user.registered', deliveries: 2 });
    });

    it('dead-letters an invalid event without calling the handler', async () => {
      const b = await bus();
      const letters: DeadLetter[] = [];
      b.onDeadLetter((l) => void letters.push(l));
      const r = recorder();
      await b.consume(fast('invalid'), r.handler);
      const invalid = { ...userRegistered(), v: 2 } as unknown as DomainEvent;
      const marker = userRegistered();
      await b.publish(invalid);
      await b.publish(marker);
      await waitFor(() => letters.length >= 1 && r.seen.length >= 1, 5_000, 'letter and marker');
      expect(r.ids()).toEqual([marker.id]);
      expect(letters).toEqual([expect.objectContaining({ durable: 'invalid', deliveries: 1, error: expect.stringContaining('invalid event') })]);
    });

    it('resumes a stopped durable with what was published meanwhile, not what it had acked', async () => {
      const b = await bus();
      const before = [userRegistered(), userRegistered()];
      const meanwhile = [userRegistered(), userRegistered()];
      const first = recorder();
      const sub = await b.consume(fast('resume'), first.handler);
      for (const event of before) await b.publish(event);
      await waitFor(() => first.seen.length >= 2, 5_000, 'first batch');
      await sub.stop();
      for (const event of meanwhile) await b.publish(event);
      const second = recorder();
      await b.consume(fast('resume'), second.handler);
      const marker = userRegistered();
      await b.publish(marker);
      await waitFor(() => second.ids().includes(marker.id), 5_000, 'marker after resume');
      expect(first.ids()).toEqual(before.map((e) => e.id));
      expect(second.ids()).toEqual([...meanwhile, marker].map((e) => e.id));
    });

    it('does not hand a message to another consumer while its handler is slower than the ack wait', async () => {
      // Longer than the other tests' ack wait: the handler keeps its message with a heartbeat at half
      // the ack wait, and on a loaded machine an event loop can stall for 75 ms, never for 300.
      const ackWaitMs = ACK_WAIT_MS * 4;
      const [b, idle] = [await bus(), await bus()];
      let slowDone = false;
      const r = recorder(async (e) => {
        if (e.id !== slow.id) return;
        await new Promise((resolve) => setTimeout(resolve, ackWaitMs * 4));
        slowDone = true;
      });
      const [slow, marker] = [userRegistered(), userRegistered()];
      await b.consume(fast('slow', { ackWaitMs }), r.handler);
      await idle.consume(fast('slow', { ackWaitMs }), r.handler);
      await b.publish(slow);
      await waitFor(() => slowDone, 10_000, 'slow handler finished');
      // Published only now, so a redelivery made during the slow handler would be ahead of it.
      await b.publish(marker);
      await waitFor(() => r.ids().includes(marker.id), 5_000, 'marker after slow handler');
      expect(r.ids()).toEqual([slow.id, marker.id]);
    });

    it('hands a backlog to a batch consumer in batches of at most max, in order, each event once', async () => {
      const b = await bus();
      const events = Array.from({ length: 10 }, () => userRegistered());
      for (const event of events) await b.publish(event);
      const batches: BatchItem[][] = [];
      await b.consumeBatch({ ...fast('batched'), batch: { max: 4, maxWaitMs: 50 } }, async (items) => void batches.push(items));
      await waitFor(() => batches.flat().length >= 10, 5_000, 'backlog delivered');
      await holdsFor(() => batches.flat().length === 10, ACK_WAIT_MS * 2, 'acked, not redelivered');
      expect(batches.every((batch) => batch.length >= 1 && batch.length <= 4)).toBe(true);
      // A backlog is more than one batch's worth: some batch carries several events.
      expect(Math.max(...batches.map((batch) => batch.length))).toBeGreaterThan(1);
      expect(batches.flat().map((item) => item.event.id)).toEqual(events.map((e) => e.id));
      expect(batches.flat().map(({ subject, deliveries }) => ({ subject, deliveries }))).toEqual(events.map(() => ({ subject: 'user.registered', deliveries: 1 })));
    });

    it('retries and dead-letters a poison message of a batch alone, acking the others', async () => {
      const b = await bus();
      const letters: DeadLetter[] = [];
      b.onDeadLetter((l) => void letters.push(l));
      const events = Array.from({ length: 6 }, () => userRegistered());
      const poison = events[2]!;
      for (const event of events) await b.publish(event);
      const calls: BatchItem[][] = [];
      const applied: string[] = [];
      await b.consumeBatch({ ...fast('poisoned'), batch: { max: 6, maxWaitMs: 50 } }, async (items) => {
        calls.push(items);
        // Like a transaction: all of the batch or nothing.
        if (items.some((item) => item.event.id === poison.id)) throw new Error('cannot apply the poison');
        applied.push(...items.map((item) => item.event.id));
      });
      await waitFor(() => letters.length >= 1, 5_000, 'poison dead-lettered');
      await holdsFor(() => letters.length === 1, ACK_WAIT_MS * 3, 'one letter, no more deliveries');
      expect(applied.sort()).toEqual(
        events
          .filter((e) => e !== poison)
          .map((e) => e.id)
          .sort(),
      );
      expect(letters[0]).toEqual(expect.objectContaining({ durable: 'poisoned', deliveries: 3, error: 'cannot apply the poison' }));
      // After a batch failed, the poison went alone: 3 deliveries, each with a call of its own.
      const alone = calls.filter((items) => items.length === 1 && items[0]!.event.id === poison.id);
      expect(alone.map((items) => items[0]!.deliveries)).toEqual([1, 2, 3]);
    });

    it('dead-letters an invalid event of a batch without calling the handler with it', async () => {
      const b = await bus();
      const letters: DeadLetter[] = [];
      b.onDeadLetter((l) => void letters.push(l));
      const invalid = { ...userRegistered(), v: 2 } as unknown as DomainEvent;
      const [before, after] = [userRegistered(), userRegistered()];
      await b.publish(before);
      await b.publish(invalid);
      await b.publish(after);
      const seen: string[] = [];
      await b.consumeBatch({ ...fast('invalid-batch'), batch: { max: 3, maxWaitMs: 50 } }, async (items) => void seen.push(...items.map((i) => i.event.id)));
      await waitFor(() => letters.length >= 1 && seen.length >= 2, 5_000, 'letter and the valid events');
      await holdsFor(() => seen.length === 2 && letters.length === 1, ACK_WAIT_MS * 2, 'nothing redelivered');
      expect(seen).toEqual([before.id, after.id]);
      expect(letters).toEqual([expect.objectContaining({ durable: 'invalid-batch', deliveries: 1, error: expect.stringContaining('invalid event') })]);
    });

    it('round-trips request/reply between buses', async () => {
      const [server, client] = [await bus(), await bus()];
      await server.reply('svc.echo', async (payload) => ({ echo: payload }));
      await expect(client.request('svc.echo', { n: 1 }, 2_000)).resolves.toEqual({ echo: { n: 1 } });
    });

    it('rejects a request with the reply handler error message', async () => {
      const [server, client] = [await bus(), await bus()];
      await server.reply('svc.fail', async () => {
        throw new Error('nope: not allowed');
      });
      await expect(client.request('svc.fail', {}, 2_000)).rejects.toThrow('nope: not allowed');
    });

    it('rejects with a timeout when nobody answers', async () => {
      const [server, client] = [await bus(), await bus()];
      await expect(client.request('svc.nobody', {}, 200)).rejects.toThrow(/timeout/);
      await server.reply('svc.silent', () => new Promise(() => {}));
      const started = Date.now();
      await expect(client.request('svc.silent', {}, 200)).rejects.toThrow(/timeout/);
      expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    });

    it('stops answering once the reply subscription is stopped', async () => {
      const b = await bus();
      const sub = await b.reply('svc.gone', async () => 'here');
      await expect(b.request('svc.gone', {}, 1_000)).resolves.toBe('here');
      await sub.stop();
      await expect(b.request('svc.gone', {}, 200)).rejects.toThrow(/timeout/);
    });

    it('delivers transient messages to current subscribers only', async () => {
      const [one, two] = [await bus(), await bus()];
      const got: unknown[] = [];
      const sub = await two.subscribeTransient('live.effects.*', (payload) => void got.push(payload));
      await one.publishTransient('live.effects.a1', { badge: 'first' });
      await waitFor(() => got.length >= 1, 5_000, 'transient delivered');
      await sub.stop();
      await one.publishTransient('live.effects.a1', { badge: 'late' });
      const marker: unknown[] = [];
      await two.subscribeTransient('live.effects.*', (payload) => void marker.push(payload));
      await one.publishTransient('live.effects.a1', { badge: 'marker' });
      await waitFor(() => marker.length >= 1, 5_000, 'marker delivered');
      expect(got).toEqual([{ badge: 'first' }]);
    });

    it('refuses an event over its max payload (NATS default, 1 MiB) without sending it, and takes one just under', async () => {
      const b = await bus();
      const r = recorder();
      await b.consume(fast('payload'), r.handler);
      expect(b.maxPayload()).toBe(DEFAULT_MAX_PAYLOAD_BYTES);
      const withName = (bytes: number): DomainEvent => {
        const event = userRegistered();
        const unnamed = { ...event, data: { ...event.data, name: '' } } as DomainEvent;
        const size = Buffer.byteLength(JSON.stringify(unnamed));
        return { ...event, data: { ...event.data, name: 'x'.repeat(bytes - size) } } as DomainEvent;
      };
      const [tooLarge, fits] = [withName(DEFAULT_MAX_PAYLOAD_BYTES + 1), withName(DEFAULT_MAX_PAYLOAD_BYTES - 1024)];
      const refusal = b.publish(tooLarge);
      await expect(refusal).rejects.toThrow(PayloadTooLargeError);
      // NATS counts its headers too, so the size told may be a little over the event's own.
      await expect(refusal).rejects.toThrow(/^payload of 1,048,\d{3} bytes exceeds the bus limit of 1,048,576$/);
      await b.publish(fits);
      await waitFor(() => r.seen.length === 1, 5_000, 'the event under the limit delivered');
      expect(r.ids()).toEqual([fits.id]);
    });

    it('is ready while open and not after close', async () => {
      const b = await bus();
      await expect(b.isReady()).resolves.toBe(true);
      await b.close();
      await expect(b.isReady()).resolves.toBe(false);
    });
  });
}
