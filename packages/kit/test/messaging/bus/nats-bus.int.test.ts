import { randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstream, jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { holdsFor, startOwnNats, waitFor } from '@warriors/test-support';
import { createNatsBus, type Bus, type DeadLetter } from '../../../src/messaging/bus';
import { runBusContract } from './bus.contract';
import { userRegistered } from './events';

const servers = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const quiet = { warn: () => {}, error: () => {} };

/** A stream and subject prefix of its own per test, so nothing leaks between tests or into the app. */
const namespace = () => {
  const tag = randomUUID().replaceAll('-', '').slice(0, 12);
  return { streamName: `TEST_BUS_${tag}`, subjectPrefix: `test-bus-${tag}` };
};

let admin: NatsConnection;
let jsm: JetStreamManager;
let ns = namespace();

const dropStream = async (name: string): Promise<void> => {
  await jsm.streams.delete(name).catch(() => false);
};

beforeAll(async () => {
  admin = await connect({ servers });
  jsm = await jetstreamManager(admin);
});

afterAll(async () => {
  await dropStream(ns.streamName);
  await admin.close();
});

runBusContract(
  'nats',
  () => createNatsBus({ servers, ...ns, logger: quiet }),
  async () => {
    await dropStream(ns.streamName);
    ns = namespace();
  },
);

describe('NATS bus specifics', () => {
  const opened: Bus[] = [];
  const bus = async (): Promise<Bus> => {
    const b = await createNatsBus({ servers, ...ns, logger: quiet, recoverDelayMs: 50, pullExpiresMs: 2_000 });
    opened.push(b);
    return b;
  };

  afterEach(async () => {
    await Promise.all(opened.splice(0).map((b) => b.close()));
    await dropStream(ns.streamName);
    ns = namespace();
  });

  it('prefixes subjects and declares the stream idempotently', async () => {
    await bus();
    await bus();
    const info = await jsm.streams.info(ns.streamName);
    expect(info.config.subjects).toContain(`${ns.subjectPrefix}.user.>`);
    expect(info.config.duplicate_window).toBe(120_000_000_000);
  });

  it('runs up to `concurrency` handlers at once, and only one by default', async () => {
    const b = await bus();
    const events = Array.from({ length: 8 }, () => userRegistered());
    for (const e of events) await b.publish(e);
    let running = 0;
    let most = 0;
    const release: Array<() => void> = [];
    const handler = async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise<void>((resolve) => release.push(resolve));
      running -= 1;
    };
    await b.consume({ durable: 'wide', subjects: ['user.>'], concurrency: 4 }, handler);
    // Four handlers hold their messages at once; the fifth waits for a slot.
    await waitFor(() => running === 4, 5_000, 'four handlers running together');
    while (release.length > 0 || running > 0) {
      release.splice(0).forEach((go) => go());
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(most).toBe(4);

    most = 0;
    await b.consume({ durable: 'narrow', subjects: ['user.>'] }, handler);
    await waitFor(() => running === 1, 5_000, 'one handler running');
    await holdsFor(() => running <= 1, 300, 'one handler at a time');
    while (release.length > 0 || running > 0) {
      release.splice(0).forEach((go) => go());
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(most).toBe(1);
  });

  it('tells its reconnect listeners how long the connection was lost, once it is back', async () => {
    const own = await startOwnNats();
    const b = await createNatsBus({ servers: own.url, ...ns, logger: quiet });
    try {
      const outages: number[] = [];
      const removed: number[] = [];
      b.onReconnect(({ lostForMs }) => void outages.push(lostForMs));
      const remove = b.onReconnect(({ lostForMs }) => void removed.push(lostForMs));
      remove();
      await own.stop();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(outages).toEqual([]);
      await own.start();
      await waitFor(() => outages.length === 1, 15_000, 'the reconnect reported');
      expect(outages[0]).toBeGreaterThanOrEqual(300);
      expect(removed).toEqual([]);
    } finally {
      await b.close();
      await own.remove();
    }
  });

  it('re-creates its consumer after the consumer is deleted', async () => {
    const b = await bus();
    const seen: string[] = [];
    await b.consume({ durable: 'phoenix', subjects: ['user.>'], ackWaitMs: 150 }, async (e) => void seen.push(e.id));
    const [first, second] = [userRegistered(), userRegistered()];
    await b.publish(first);
    await waitFor(() => seen.length === 1, 5_000, 'first event');
    await jsm.consumers.delete(ns.streamName, 'phoenix_user_all');
    await b.publish(second);
    // A re-created durable starts from the stream's beginning again: redelivery is the consumers' inbox's job.
    // Noticed from the server's notice, or (a pull that reached it just after the deletion) within ~2 pulls' expiry.
    await waitFor(() => seen.includes(second.id), 15_000, 'second event after re-creation');
    expect(seen.filter((id) => id === second.id)).toEqual([second.id]);
  });

  it('dead-letters a message whose last delivery was never settled (process died)', async () => {
    const b = await bus();
    const letters: DeadLetter[] = [];
    b.onDeadLetter((l) => void letters.push(l));
    const options = { durable: 'crash', subjects: ['user.>'], maxDeliver: 1, ackWaitMs: 100 };
    const handled: string[] = [];
    const sub = await b.consume(options, async (e) => void handled.push(e.id));
    await sub.stop();
    const event = userRegistered();
    await b.publish(event);
    // Another "process" takes the message and dies before acking it.
    const consumer = await jetstream(admin).consumers.get(ns.streamName, 'crash_user_all');
    const taken = await consumer.next({ expires: 1_000 });
    expect(taken?.info.deliveryCount).toBe(1);
    await b.consume(options, async (e) => void handled.push(e.id));
    await waitFor(() => letters.length === 1, 5_000, 'dead letter for the lost delivery');
    expect(handled).toEqual([]);
    expect(letters[0]).toMatchObject({ durable: 'crash', deliveries: 2, error: 'not acknowledged after 1 deliveries' });
  });

  it('updates an existing durable when its options change', async () => {
    const b = await bus();
    const sub = await b.consume({ durable: 'tuned', subjects: ['user.>'], ackWaitMs: 1_000 }, async () => {});
    await sub.stop();
    await b.consume({ durable: 'tuned', subjects: ['user.>'], ackWaitMs: 2_000, maxDeliver: 7 }, async () => {});
    const info = await jsm.consumers.info(ns.streamName, 'tuned_user_all');
    expect(info.config.ack_wait).toBe(2_000_000_000);
    // Unlimited on the server: processDelivery keeps the bound (see the contract's dead-letter cases).
    expect(info.config.max_deliver).toBe(-1);
  });
});
