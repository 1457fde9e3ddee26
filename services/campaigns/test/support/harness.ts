import { randomUUID } from 'node:crypto';
import { connect } from '@nats-io/transport-node';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import type { Kysely } from 'kysely';
import { answerQuestion, type Database } from '@warriors/kit';
import { BUS_QUESTIONS, EFFECTS_SUBJECT, effectsIn, type ActivityEffects, type ActivityType, type DomainEvent, type EventOf } from '@warriors/contracts';
import { activityLogged, eventually, registerTestUser, startServiceOnNats, testUser } from '@warriors/test-support';
import { createCampaignsService } from '../../src';
import type { CampaignsDatabase } from '../../src/store/schema';

export interface TestUser {
  id: string;
  token: string;
}

/**
 * The campaigns service over HTTP against a PostgreSQL database of its own and NATS JetStream on a
 * stream of its own, with the clock pinned. The test plays auth and activity by publishing their
 * events, and listens to what campaigns publishes. `database` (PGlite, say) is the caller's to close.
 */
export async function startCampaigns(start = '2026-03-02T15:00:00.000Z', database?: Database) {
  const campaigns = await startServiceOnNats({ name: 'campaigns', clock: start, create: createCampaignsService, database });
  const { bus, clock, nats } = campaigns;

  // What campaigns publishes: campaign.completed and campaign.reopened (durable, through the outbox) and the effects of each activity.
  const completed: EventOf<'campaign.completed'>[] = [];
  const reopened: EventOf<'campaign.reopened'>[] = [];
  const probe = await bus.consume({ durable: 'test_probe', subjects: ['campaign.completed', 'campaign.reopened'] }, async (event: DomainEvent) => {
    if (event.type === 'campaign.completed') completed.push(event);
    if (event.type === 'campaign.reopened') reopened.push(event);
  });

  const db = campaigns.database.db as Kysely<CampaignsDatabase>;

  // activity's answer of a day's entries (the entries `log` published, by their local date), as activity would give it.
  const logged: EventOf<'activity.logged'>[] = [];
  const dayEntries = await answerQuestion(bus, BUS_QUESTIONS.dayEntries, async ({ user_id, local_date }) =>
    logged
      .filter(({ data }) => data.user_id === user_id && data.local_date === local_date)
      .map(({ data }) => ({ activity_id: data.activity_id, activity_type: data.activity_type, quantity: data.quantity, points: data.points, occurred_at: data.occurred_at })),
  );

  return {
    ...campaigns,
    db,
    completed,
    reopened,
    /** A user known to campaigns through user.registered (timezone included). */
    async register(timezone = 'UTC'): Promise<TestUser> {
      const user = testUser({ timezone });
      await registerTestUser(bus, campaigns.database, 'campaigns', user, clock.now().toISOString());
      return { id: user.user_id, token: campaigns.tokens.sign({ id: user.user_id }) };
    },
    /**
     * Publishes activity.logged for `user` at the clock's time (or `at`) and resolves with the
     * effects campaigns answers on the activity's effects subject.
     */
    async log(user: TestUser, type: ActivityType, options: { quantity?: number; at?: string } = {}): Promise<{ event: EventOf<'activity.logged'>; effects: ActivityEffects }> {
      const event = activityLogged(user.id, type, options.at ?? clock.now().toISOString(), { quantity: options.quantity });
      const answers: ActivityEffects[] = [];
      const sub = await bus.subscribeTransient(EFFECTS_SUBJECT, (payload) => answers.push(...effectsIn(payload, (id) => id === event.data.activity_id)));
      try {
        logged.push(event);
        await bus.publish(event);
        const effects = await eventually(`effects of ${event.data.activity_id}`, () => answers[0], 10_000);
        return { event, effects };
      } finally {
        await sub.stop();
      }
    },
    /**
     * Resolves once the activity consumers (logs and deletions) have settled every message on the stream (none pending,
     * none awaiting an ack) and the outbox has published what was committed.
     */
    async settled(): Promise<void> {
      const nc = await connect({ servers: nats.url });
      try {
        const jsm = await jetstreamManager(nc);
        await eventually(
          'the activity consumers settled',
          async () => {
            const infos = await Promise.all(
              ['campaigns_activity_activity_logged', 'campaigns_activity_deleted_activity_deleted'].map((name) => jsm.consumers.info(nats.streamName, name)),
            );
            return infos.every((info) => info.num_pending === 0 && info.num_ack_pending === 0) ? true : undefined;
          },
          10_000,
        );
        // Published rows stay for the replay window: what matters is that none waits for its publish.
        await eventually('the outbox published', async () => {
          const rows = await db
            .withSchema('campaigns')
            .selectFrom('outbox' as any)
            .select('seq' as any)
            .where('published_at' as any, 'is', null)
            .execute();
          return rows.length === 0 ? true : undefined;
        });
      } finally {
        await nc.close();
      }
    },
    /** Publishes raw bytes on an event subject, as a broken producer would. */
    async publishRaw(subject: string, payload: string): Promise<void> {
      const nc = await connect({ servers: nats.url });
      try {
        await jetstream(nc).publish(`${nats.subjectPrefix}.${subject}`, payload);
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
      await dayEntries.stop();
      await campaigns.close();
    },
  };
}

export type TestCampaigns = Awaited<ReturnType<typeof startCampaigns>>;
