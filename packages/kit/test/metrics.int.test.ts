import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import type { DomainEvent } from '@warriors/contracts';
import { createTestDatabase, parseMetrics, sampleValue, waitFor, type TestDatabase } from '@warriors/test-support';
import { createLogger, createMemoryBus, createMetrics, createNatsBus, createOutbox, type Bus, type Metrics } from '../src';

const servers = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const scrape = async (metrics: Metrics) => parseMetrics(await metrics.registry.metrics());
const userDeleted = (userId: string): DomainEvent => ({ id: randomUUID(), type: 'user.deleted', v: 1, occurredAt: new Date().toISOString(), data: { user_id: userId } });

describe('consumer lag on JetStream', () => {
  const tag = randomUUID().replaceAll('-', '').slice(0, 12);
  const streamName = `TEST_METRICS_${tag}`;
  let bus: Bus;
  afterAll(async () => {
    await bus?.close();
    const admin = await connect({ servers });
    await (await jetstreamManager(admin)).streams.delete(streamName).catch(() => false);
    await admin.close();
  });

  it("reports a durable's pending messages from the consumer info, and 0 once they are consumed", async () => {
    bus = await createNatsBus({ servers, streamName, subjectPrefix: `test-metrics-${tag}`, logger: { warn: () => undefined, error: () => undefined }, recoverDelayMs: 50 });
    const metrics = createMetrics();
    metrics.watchConsumers(() => bus.consumerStates());
    // Published before the durable exists: it starts at the first of them (deliver all), all pending.
    for (let i = 0; i < 5; i++) await bus.publish(userDeleted(`u-${i}`));
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let handled = 0;
    await bus.consume({ durable: 'metrics_lag', subjects: ['user.>'] }, async () => {
      await gate;
      handled++;
    });
    const durable = { durable: 'metrics_lag_user_all' };
    // The first message is held by the handler; the others wait on the server (the consume loop pulls one at a time).
    await waitFor(async () => sampleValue(await scrape(metrics), 'warriors_consumer_ack_pending_messages', durable) === 1, 10_000, 'one message in flight');
    const held = await scrape(metrics);
    expect(sampleValue(held, 'warriors_consumer_pending_messages', durable)).toBe(4);
    expect(sampleValue(held, 'warriors_consumer_redelivered_messages', durable)).toBe(0);
    release();
    await waitFor(() => handled === 5, 10_000, 'every message handled');
    await waitFor(
      async () => {
        const samples = await scrape(metrics);
        return sampleValue(samples, 'warriors_consumer_pending_messages', durable) === 0 && sampleValue(samples, 'warriors_consumer_ack_pending_messages', durable) === 0;
      },
      10_000,
      'lag back to 0',
    );
  });
});

describe('outbox gauges on PostgreSQL', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase('kit_metrics');
  });
  afterAll(() => test.drop());

  it("reflect a pending row of the service's outbox, and its publish", async () => {
    await sql.raw('create schema notes').execute(test.database.db);
    const bus = createMemoryBus();
    const outbox = createOutbox({ database: test.database, schema: 'notes', bus, logger: createLogger('metrics-test', 'silent'), pollMs: 60_000 });
    // start() creates the tables; the relay publishes only what a kick or a poll finds.
    await outbox.start();
    const metrics = createMetrics();
    metrics.forService('notes').watchOutbox(() => outbox.counts());
    expect(sampleValue(await scrape(metrics), 'warriors_outbox_pending_events', { service: 'notes' })).toBe(0);

    await outbox.enqueue(test.database.db, userDeleted('u-1'));
    const samples = await scrape(metrics);
    expect(sampleValue(samples, 'warriors_outbox_pending_events', { service: 'notes' })).toBe(1);
    expect(sampleValue(samples, 'warriors_outbox_retrying_events', { service: 'notes' })).toBe(0);
    expect(sampleValue(samples, 'warriors_outbox_dead_lettered_events', { service: 'notes' })).toBe(0);

    outbox.kick();
    await outbox.drain();
    expect(sampleValue(await scrape(metrics), 'warriors_outbox_pending_events', { service: 'notes' })).toBe(0);
    await outbox.stop();
    await bus.close();
  });
});
