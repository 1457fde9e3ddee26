import { randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { sql } from 'kysely';
import pino from 'pino';
import type { DomainEvent } from '@warriors/contracts';
import { createTestDatabase, eventuallyPasses, recordFaultFigures, startOwnNatsCluster, waitFor, type OwnNatsCluster, type TestDatabase } from '@warriors/test-support';
import { createNatsBus, createOutbox, markEventApplied, type Bus, type NatsBusOptions } from '../../../src';
import { userDeleted } from '../outbox-retries.scenarios';

const quiet = { warn: () => {}, error: () => {} };

let cluster: OwnNatsCluster;
let testDatabase: TestDatabase;
let admin: NatsConnection;
let jsm: JetStreamManager;
const opened: Bus[] = [];

/** The stream's info once it has a leader: a cluster answers nothing about it while it elects one (e.g. after a replica change). */
const streamInfo = (stream: string) => eventuallyPasses(() => jsm.streams.info(stream), 30_000);

/** A bus on the cluster, on the stream named and subjects of that stream's own. */
const bus = async (options: Omit<NatsBusOptions, 'servers' | 'subjectPrefix'> & { streamName: string }): Promise<Bus> => {
  const opening = await createNatsBus({ servers: cluster.servers.slice(), logger: quiet, recoverDelayMs: 200, subjectPrefix: options.streamName.toLowerCase(), ...options });
  opened.push(opening);
  return opening;
};

beforeAll(async () => {
  cluster = await startOwnNatsCluster();
  testDatabase = await createTestDatabase('kit_nats_cluster');
  admin = await connect({ servers: cluster.servers.slice() });
  jsm = await jetstreamManager(admin);
}, 90_000);

afterEach(async () => {
  await Promise.all(opened.splice(0).map((b) => b.close()));
});

afterAll(async () => {
  await admin?.close();
  await testDatabase?.drop();
  await cluster?.stop();
});

describe('the stream on a three-node NATS cluster', () => {
  it('is created with the configured replica count', async () => {
    await bus({ streamName: 'R3_CREATED', replicas: 3 });
    const info = await streamInfo('R3_CREATED');
    expect(info.config.num_replicas).toBe(3);
    expect(info.cluster?.replicas).toHaveLength(2);
  });

  it('made with one replica, gains three when configured so, keeping its events and its consumers; a process configuring no count leaves it at three', async () => {
    const single = await bus({ streamName: 'R1_GROWN', replicas: 1 });
    for (let i = 0; i < 5; i++) await single.publish(userDeleted());
    await single.consume({ durable: 'before', subjects: ['user.>'] }, async () => undefined);
    expect((await streamInfo('R1_GROWN')).config.num_replicas).toBe(1);

    await bus({ streamName: 'R1_GROWN', replicas: 3 });
    const grown = await streamInfo('R1_GROWN');
    expect(grown.config.num_replicas).toBe(3);
    expect(grown.state.messages).toBe(5);
    // The consumer made on the single replica follows the stream onto three nodes, a peer at a time.
    await eventuallyPasses(async () => {
      const consumer = await jsm.consumers.info('R1_GROWN', 'before_user_all');
      expect((consumer.cluster?.leader ? 1 : 0) + (consumer.cluster?.replicas?.length ?? 0)).toBe(3);
    }, 30_000);

    await bus({ streamName: 'R1_GROWN' });
    expect((await streamInfo('R1_GROWN')).config.num_replicas).toBe(3);
  });

  it('is refused, saying why, when the count is more than the cluster has servers', async () => {
    await expect(bus({ streamName: 'R5_REFUSED', replicas: 5 })).rejects.toThrow(/NATS refused stream R5_REFUSED with 5 replica\(s\)/);
  });
});

describe('SIGKILL of the stream leader while an outbox publishes', () => {
  it('loses no event and applies none twice at a durable shared by two consumer processes', async () => {
    const schema = `cluster_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    const db = testDatabase.database.db;
    await sql
      .raw(
        `create schema ${schema};
         create table ${schema}.notes (id text primary key);
         create table ${schema}.inbox (event_id text primary key, applied_at timestamptz not null);
         create table ${schema}.effects (event_id text not null, instance int not null)`,
      )
      .execute(db);

    // The publishing process's bus, timing every acknowledged publish to find the stall.
    const publisher = await bus({ streamName: 'KILLED_LEADER', replicas: 3 });
    const acks: number[] = [];
    const timed: Bus = {
      ...publisher,
      publish: async (event, options) => {
        await publisher.publish(event, options);
        acks.push(Date.now());
      },
    };
    const outbox = createOutbox({ database: testDatabase.database, schema, bus: timed, logger: pino({ level: 'silent' }), pollMs: 50, replayWindowMs: 3600_000 });
    await outbox.start();
    const insertNote = outbox.groupInsert<{ id: string }>({ table: 'notes', columns: { id: 'text' }, key: 'id', conflict: ['id'] });

    // Two consumer processes (a connection each) sharing one durable, applying each event through the inbox.
    const deliveries = [0, 0];
    for (const instance of [0, 1]) {
      const consumer = await bus({ streamName: 'KILLED_LEADER', replicas: 3 });
      await consumer.consume({ durable: 'shared', subjects: ['user.>'], ackWaitMs: 5_000 }, async (event) => {
        deliveries[instance]!++;
        await db.transaction().execute(async (trx) => {
          if (!(await markEventApplied(trx, schema, event.id, new Date()))) return;
          await sql`insert into ${sql.table(`${schema}.effects`)} (event_id, instance) values (${event.id}, ${instance})`.execute(trx);
        });
      });
    }

    const rounds = 200;
    const events: DomainEvent[] = [];
    let killedAt = 0;
    let killed = -1;
    for (let round = 0; round < rounds; round++) {
      if (round === Math.floor(rounds / 3)) {
        killed = await cluster.streamLeader('KILLED_LEADER');
        killedAt = Date.now();
        await cluster.killNode(killed);
      }
      // Half through groupInsert (published at once, the logging path), half through the relay.
      const direct = Array.from({ length: 5 }, () => userDeleted());
      const relayed = Array.from({ length: 5 }, () => userDeleted());
      events.push(...direct, ...relayed);
      await Promise.all([...direct.map((event) => insertNote({ id: event.id }, event)), db.transaction().execute((trx) => outbox.enqueueAll(trx, relayed))]);
      outbox.kick();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }

    const applied = async () => (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(`${schema}.effects`)}`.execute(db)).rows[0]!.n;
    await waitFor(
      async () => (await applied()) >= events.length,
      120_000,
      'every event applied',
      () => `applied ${deliveries.join('+')} deliveries`,
    );
    await outbox.drain(60_000);

    const perEvent = await sql<{ event_id: string; n: number }>`
      select event_id, count(*)::int as n from ${sql.table(`${schema}.effects`)} group by event_id`.execute(db);
    const seen = new Map(perEvent.rows.map((row) => [row.event_id, row.n]));
    const figures = recordFaultFigures({
      fault: 'NATS cluster: stream leader SIGKILLed while the outbox publishes (R3)',
      expected: events.length,
      seen: [...seen.values()].reduce((a, b) => a + b, 0),
      lost: events.filter((event) => !seen.has(event.id)).length,
      double: [...seen.values()].filter((n) => n > 1).length,
    });
    // Every retried publish carried its first Msg-Id, so the stream kept each event once.
    const stored = (await streamInfo('KILLED_LEADER')).state.messages;
    const afterKill = acks.filter((at) => at >= killedAt);
    const gaps = acks.slice(1).map((at, i) => at - acks[i]!);
    console.log(
      `leader kill (node n${killed}): ${events.length} events, ${figures.seen} applied once each, ${figures.double} twice, ${figures.lost} lost; ` +
        `${stored} stored in the stream; deliveries ${deliveries[0]}+${deliveries[1]} (redeliveries ${deliveries[0]! + deliveries[1]! - events.length}); ` +
        `first ack after the kill ${afterKill.length > 0 ? afterKill[0]! - killedAt : 'none'} ms, longest gap between acks ${Math.max(...gaps)} ms`,
    );
    expect(figures).toMatchObject({ expected: events.length, seen: events.length, lost: 0, double: 0 });
    expect(stored).toBe(events.length);
    expect(deliveries[0]).toBeGreaterThan(0);
    expect(deliveries[1]).toBeGreaterThan(0);
    expect((await outbox.counts()).pending).toBe(0);
    await outbox.stop();

    // The killed node comes back and the stream has its three replicas again.
    await cluster.startNode(killed);
    await waitFor(
      async () => {
        const info = await streamInfo('KILLED_LEADER');
        return info.cluster?.replicas?.length === 2 && info.cluster.replicas.every((replica) => replica.current);
      },
      60_000,
      'the restarted node caught up',
    );
  }, 240_000);
});
