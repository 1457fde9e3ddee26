import { randomBytes, randomUUID } from 'node:crypto';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import type { Kysely } from 'kysely';
import type { ActivityType, DomainEvent, EventOf } from '@warriors/contracts';
import { closeRedis, createRedis, createRedisLeaderboardStore, fixedClock, inProcessLeaderboard, type LeaderboardStore, type Redis, type RedisTarget } from '@warriors/kit';
import { activityDeleted, activityLogged, eventually, registerTestUser, startServiceOnNats, testUser } from '@warriors/test-support';
import { createChallengesService, type ChallengesPorts } from '../../src';
import type { ChallengesDatabase } from '../../src/store/schema';

export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface TestUser {
  id: string;
  token: string;
  name: string;
  username: string;
}

/**
 * The challenges service over HTTP against a PostgreSQL database of its own, NATS JetStream on a
 * stream of its own and Redis under a namespace of its own, with the clock pinned. The test plays
 * auth and activity by publishing their events, and listens to what challenges publishes.
 */
export async function startChallenges(
  start = '2026-03-02T15:00:00.000Z',
  boards: 'redis' | 'memory' = 'redis',
  options: { redis?: RedisTarget } & Pick<ChallengesPorts, 'onLeaderboardRebuilt' | 'rateLimits'> = {},
) {
  const redis: Redis = createRedis(options.redis ?? REDIS_URL);
  redis.on('error', () => undefined);
  const pinned = fixedClock(start);
  // The embedded mode's in-process store, or Redis under a namespace of this file's own.
  const board: LeaderboardStore =
    boards === 'memory' ? inProcessLeaderboard(pinned) : createRedisLeaderboardStore(redis, { namespace: `challenges-test-${randomBytes(6).toString('hex')}` });
  const service = await startServiceOnNats({
    name: 'challenges',
    clock: pinned,
    create: (ports) =>
      createChallengesService({ ...ports, leaderboard: board, leaderboardCheckMs: 100, onLeaderboardRebuilt: options.onLeaderboardRebuilt, rateLimits: options.rateLimits }),
  });
  const { bus, clock, nats } = service;
  const published: DomainEvent[] = [];
  const probe = await bus.consume(
    { durable: 'test_probe', subjects: ['challenge.created', 'challenge.joined', 'challenge.invited', 'mail.requested'] },
    async (event: DomainEvent) => {
      published.push(event);
    },
  );
  const db = service.database.db as Kysely<ChallengesDatabase>;

  async function settled(): Promise<void> {
    const nc = await connect({ servers: nats.url });
    try {
      const jsm = await jetstreamManager(nc);
      for (const consumer of ['challenges_activity_activity_logged', 'challenges_activity_deleted_activity_deleted', 'challenges_users_user_all']) {
        await eventually(
          `the ${consumer} consumer settled`,
          async () => {
            const info = await jsm.consumers.info(nats.streamName, consumer).catch(() => undefined);
            return info === undefined || (info.num_pending === 0 && info.num_ack_pending === 0) ? true : undefined;
          },
          10_000,
        );
      }
    } finally {
      await nc.close();
    }
  }

  return {
    ...service,
    db,
    board,
    redis,
    published,
    settled,
    /** A user known to challenges through user.registered (with an email and privacy flags when given). */
    async register({ email, ...flags }: { email?: string; show_on_leaderboard?: boolean; profile_public?: boolean } = {}): Promise<TestUser> {
      const user = testUser(flags);
      if (email) {
        await bus.publish({ id: randomUUID(), type: 'user.registered', v: 1, occurredAt: clock.now().toISOString(), data: { ...user, email } });
        await eventually('the projection', async () =>
          (await db.withSchema('challenges').selectFrom('users').select('user_id').where('user_id', '=', user.user_id).executeTakeFirst()) ? true : undefined,
        );
      } else {
        await registerTestUser(bus, service.database, 'challenges', user, clock.now().toISOString());
      }
      return { id: user.user_id, token: service.tokens.sign({ id: user.user_id }), name: user.name, username: user.username };
    },
    /** Auth's word that `user` verified `email` (the sign-up's link, or a changed address's). */
    async verify(user: TestUser, email: string): Promise<void> {
      await bus.publish({ id: randomUUID(), type: 'user.email_verified', v: 1, occurredAt: clock.now().toISOString(), data: { user_id: user.id, email } });
      await settled();
    },
    /** The invitation mails challenges asked for, to `email`. */
    invitationMails(email: string): Array<EventOf<'mail.requested'>> {
      return published.filter((event): event is EventOf<'mail.requested'> => event.type === 'mail.requested' && event.data.to === email);
    },
    /** Publishes activity.logged for `user` (at the clock's time or `at`) and waits until the consumer has settled it. */
    async log(user: TestUser, type: ActivityType, options: { quantity?: number; at?: string } = {}): Promise<EventOf<'activity.logged'>> {
      const event = activityLogged(user.id, type, options.at ?? clock.now().toISOString(), { quantity: options.quantity });
      await bus.publish(event);
      await settled();
      return event;
    },
    /** Publishes the entry's activity.deleted (an undo) and waits until the consumers have settled it. */
    async undo(logged: EventOf<'activity.logged'>): Promise<EventOf<'activity.deleted'>> {
      const deletion = activityDeleted(logged, clock.now().toISOString());
      await bus.publish(deletion);
      await settled();
      return deletion;
    },
    /** The same event again under a new broker msg id, as a redelivery or a re-publish arrives. */
    async redeliver(event: DomainEvent): Promise<void> {
      await bus.publish(event, { msgId: randomUUID() });
      await settled();
    },
    async close() {
      await probe.stop();
      await service.close();
      await board.clear();
      await board.close();
      await closeRedis(redis);
    },
  };
}

export type TestChallenges = Awaited<ReturnType<typeof startChallenges>>;
