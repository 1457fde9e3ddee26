import { randomUUID } from 'node:crypto';
import { connect } from '@nats-io/transport-node';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import type { Kysely } from 'kysely';
import { ACTIVITY_CATALOG, EFFECTS_SUBJECT, effectsIn, type ActivityEffects, type ActivityType, type DomainEvent, type EventOf } from '@warriors/contracts';
import { createLogger, createNatsBus, createTokenSigner, fixedClock, listen, type Bus, type RunningServer } from '@warriors/kit';
import { createTestDatabase } from '../../../../test/support/test-database';
import { eventually } from '../../../../test/support/eventually';
import { createCampaignsService } from '../../src';
import type { CampaignsDatabase } from '../../src/store/schema';

export { eventually };

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const SECRET = 'campaigns-tests-secret-that-is-long-enough-0123';
const quiet = { warn: () => undefined, error: () => undefined };

export interface Reply {
  status: number;
  body: any;
}

export interface TestUser {
  id: string;
  token: string;
}

/**
 * The campaigns service over HTTP against a PostgreSQL database of its own and NATS JetStream on a
 * stream of its own, with the clock pinned. The test plays auth and activity by publishing their
 * events, and listens to what campaigns publishes.
 */
export async function startCampaigns(start = '2026-03-02T15:00:00.000Z') {
  const test = await createTestDatabase('campaigns');
  const tag = randomUUID().replaceAll('-', '').slice(0, 12);
  const natsNs = { streamName: `TEST_CAMPAIGNS_${tag}`, subjectPrefix: `test-campaigns-${tag}` };
  const bus: Bus = await createNatsBus({ servers: NATS_URL, ...natsNs, logger: quiet, recoverDelayMs: 50 });
  const clock = fixedClock(start);
  const tokens = createTokenSigner(SECRET, 3600);
  const service = createCampaignsService({ database: test.database, bus, clock, tokens, logger: createLogger('campaigns-test', 'silent') });
  await service.start();
  const server: RunningServer = await listen(service.app, 0);

  // What campaigns publishes: campaign.completed (durable, through the outbox) and the effects of each activity.
  const completed: EventOf<'campaign.completed'>[] = [];
  const probe = await bus.consume({ durable: 'test_probe', subjects: ['campaign.completed'] }, async (event: DomainEvent) => {
    if (event.type === 'campaign.completed') completed.push(event);
  });

  const call = async (method: string, path: string, options: { token?: string; body?: unknown } = {}): Promise<Reply> => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };

  const db = test.database.db as Kysely<CampaignsDatabase>;

  return {
    bus,
    clock,
    db,
    call,
    completed,
    /** A user known to campaigns through user.registered (timezone included). */
    async register(timezone = 'UTC'): Promise<TestUser> {
      const id = randomUUID();
      await bus.publish({
        id: randomUUID(),
        type: 'user.registered',
        v: 1,
        occurredAt: clock.now().toISOString(),
        data: {
          user_id: id,
          name: 'Warrior',
          username: `w_${id.slice(0, 8)}`,
          profile_picture: null,
          company: null,
          city: null,
          state: null,
          timezone,
          profile_public: true,
          show_on_leaderboard: true,
          show_in_battle_pulse: true,
        },
      });
      await eventually(`user ${id} projected`, async () =>
        (await db.withSchema('campaigns').selectFrom('users').select('user_id').where('user_id', '=', id).executeTakeFirst()) ? true : undefined,
      );
      return { id, token: tokens.sign({ id }) };
    },
    /**
     * Publishes activity.logged for `user` at the clock's time (or `at`) and resolves with the
     * effects campaigns answers on the activity's effects subject.
     */
    async log(user: TestUser, type: ActivityType, options: { quantity?: number; at?: string } = {}): Promise<{ event: EventOf<'activity.logged'>; effects: ActivityEffects }> {
      const quantity = options.quantity ?? 1;
      const occurredAt = options.at ?? clock.now().toISOString();
      const event: EventOf<'activity.logged'> = {
        id: randomUUID(),
        type: 'activity.logged',
        v: 1,
        occurredAt,
        data: {
          activity_id: randomUUID(),
          user_id: user.id,
          activity_type: type,
          quantity,
          points: ACTIVITY_CATALOG[type].points * quantity,
          occurred_at: occurredAt,
          local_date: occurredAt.slice(0, 10),
          timezone: 'UTC',
        },
      };
      const answers: ActivityEffects[] = [];
      const sub = await bus.subscribeTransient(EFFECTS_SUBJECT, (payload) => answers.push(...effectsIn(payload, (id) => id === event.data.activity_id)));
      try {
        await bus.publish(event);
        const effects = await eventually(`effects of ${event.data.activity_id}`, () => answers[0], 10_000);
        return { event, effects };
      } finally {
        await sub.stop();
      }
    },
    /**
     * Resolves once the activity consumer has settled every message on the stream (none pending,
     * none awaiting an ack) and the outbox has published what was committed.
     */
    async settled(): Promise<void> {
      const nc = await connect({ servers: NATS_URL });
      try {
        const jsm = await jetstreamManager(nc);
        await eventually('the activity consumer settled', async () => {
          const info = await jsm.consumers.info(natsNs.streamName, 'campaigns_activity_activity_logged');
          return info.num_pending === 0 && info.num_ack_pending === 0 ? true : undefined;
        }, 10_000);
        await eventually('the outbox empty', async () => {
          const rows = await db.withSchema('campaigns').selectFrom('outbox' as any).select('seq' as any).execute();
          return rows.length === 0 ? true : undefined;
        });
      } finally {
        await nc.close();
      }
    },
    /** Publishes raw bytes on an event subject, as a broken producer would. */
    async publishRaw(subject: string, payload: string): Promise<void> {
      const nc = await connect({ servers: NATS_URL });
      try {
        await jetstream(nc).publish(`${natsNs.subjectPrefix}.${subject}`, payload);
      } finally {
        await nc.close();
      }
    },
    /** The same event again under a new broker msg id, as a redelivery or a re-publish arrives. */
    async redeliver(event: DomainEvent): Promise<void> {
      await bus.publish(event, { msgId: randomUUID() });
    },
    async close() {
      await probe.stop();
      await server.close();
      await service.stop();
      await bus.close();
      const nc = await connect({ servers: NATS_URL });
      await (await jetstreamManager(nc)).streams.delete(natsNs.streamName).catch(() => false);
      await nc.close();
      await test.drop();
    },
  };
}

export type TestCampaigns = Awaited<ReturnType<typeof startCampaigns>>;
