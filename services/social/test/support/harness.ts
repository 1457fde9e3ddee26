import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { BUS_QUESTIONS, type DomainEvent, type PulseEvent, type UserProjection } from '@warriors/contracts';
import { createMetrics, listen, serverOf, type Database } from '@warriors/kit';
import { eventually, registerTestUser, startServiceOnNats, testUser } from '@warriors/test-support';
import { createSocialService, type SocialPorts } from '../../src';
import type { SocialDatabase } from '../../src/store/schema';

export interface TestUser {
  id: string;
  token: string;
  name: string;
  username: string;
}

/**
 * The social service over HTTP against a PostgreSQL database of its own and NATS JetStream on a
 * stream of its own, with the clock pinned. The test plays auth, gamification, campaigns and
 * challenges by publishing their events. `database` makes it a second instance on another's database
 * (still with a stream of its own); that one is closed first.
 */
export async function startSocial(options: Omit<Partial<SocialPorts>, 'database' | 'bus' | 'clock' | 'logger' | 'tokens'> = {}, database?: Database) {
  const service = await startServiceOnNats({
    name: 'social',
    clock: '2026-03-02T15:00:00.000Z',
    create: (ports) => createSocialService({ ...ports, ...options }),
    database,
  });
  const { bus, clock } = service;
  const db = service.database.db as Kysely<SocialDatabase>;
  const wsUrl = service.url.replace(/^http/, 'ws');
  // Plays auth: the users the test registered, as last updated; nobody by any other id.
  const accounts = new Map<string, UserProjection>();
  const auth = await bus.reply(BUS_QUESTIONS.userProjection.subject, async (question) => accounts.get((question as { user_id: string }).user_id) ?? null);

  const event = <T extends DomainEvent['type']>(type: T, data: Extract<DomainEvent, { type: T }>['data'], id = randomUUID()) =>
    ({ id, type, v: 1, occurredAt: clock.now().toISOString(), data }) as Extract<DomainEvent, { type: T }>;

  return {
    ...service,
    async close() {
      await auth.stop();
      await service.close();
    },
    db,
    wsUrl,
    event,
    /** A user known to social through user.registered. */
    async register(overrides: Partial<UserProjection> = {}): Promise<TestUser> {
      const user = testUser(overrides);
      accounts.set(user.user_id, user);
      await registerTestUser(bus, service.database, 'social', user, clock.now().toISOString());
      return { id: user.user_id, token: service.tokens.sign({ id: user.user_id }), name: user.name, username: user.username };
    },
    /** Plays auth: a user's new state, applied once the projection shows it. */
    async update(user: TestUser, changes: Partial<UserProjection>): Promise<void> {
      const data = testUser({ user_id: user.id, name: user.name, username: user.username, ...changes });
      accounts.set(user.id, data);
      clock.advance(1000);
      await bus.publish(event('user.updated', data));
      await eventually('the user update applied', async () => {
        const row = await db.withSchema('social').selectFrom('users').selectAll().where('user_id', '=', user.id).executeTakeFirst();
        return row && (changes.show_in_battle_pulse === undefined || row.show_in_battle_pulse === changes.show_in_battle_pulse) ? true : undefined;
      });
    },
    /** Plays auth's sign-out everywhere: tokens below `credentialVersion` no longer open the account. */
    async revokeSessions(user: TestUser, credentialVersion: number): Promise<string> {
      await bus.publish(event('user.sessions_revoked', { user_id: user.id, credential_version: credentialVersion }));
      await eventually('the session floor applied', async () =>
        (await db.withSchema('social').selectFrom('session_floors').select('user_id').where('user_id', '=', user.id).executeTakeFirst()) ? true : undefined,
      );
      return service.tokens.sign({ id: user.id, credentialVersion });
    },
    async deleteUser(user: TestUser): Promise<void> {
      accounts.delete(user.id);
      await bus.publish(event('user.deleted', { user_id: user.id }));
      await eventually('the deletion applied', async () =>
        (await db.withSchema('social').selectFrom('deleted_users').select('user_id').where('user_id', '=', user.id).executeTakeFirst()) ? true : undefined,
      );
    },
    /** The pulse as `reader` reads it. */
    async pulse(reader: TestUser, limit = 100): Promise<PulseEvent[]> {
      const res = await service.call('GET', `/api/battle-pulse?limit=${limit}`, { token: reader.token });
      expect(res.status).toBe(200);
      return res.body as PulseEvent[];
    },
    /** Publishes a domain event and waits until the pulse consumer has taken it (its inbox row, or a skip shows in nothing). */
    async publishAndSettle(domainEvent: DomainEvent): Promise<void> {
      await bus.publish(domainEvent);
      const probe = event('badge.earned', { user_id: randomUUID(), badge_type: 'first_meeting', name: 'probe', repeat_count: 1, earned_at: clock.now().toISOString() });
      // Once a later probe is applied (its unknown user makes no line), its subject's consumer took the event;
      // each subject has its own consumer, so the others are settled when none has a message left to take.
      await bus.publish(probe);
      await eventually(
        'the pulse consumers settled',
        async () => {
          const probed = await db.withSchema('social').selectFrom('inbox').select('event_id').where('event_id', '=', probe.id).executeTakeFirst();
          const busy = (await bus.consumerStates()).some((state) => state.pending > 0 || state.ackPending > 0);
          return probed && !busy ? true : undefined;
        },
        10_000,
      );
    },
  };
}

export type TestSocial = Awaited<ReturnType<typeof startSocial>>;

/** A second social instance on the same database and NATS stream, as a second process of the pool would be. */
export async function secondInstance(s: TestSocial) {
  const service = createSocialService({ database: s.database, bus: s.bus, tokens: s.tokens, clock: s.clock, logger: s.logger, metrics: createMetrics().forService('social') });
  await service.start();
  const server = await listen(serverOf(service), 0);
  return {
    url: server.url,
    async close() {
      await server.close();
      await service.stop();
    },
  };
}

/** Runs `use` with a second instance of `s`, closed afterwards whatever happens. */
export async function withSecondInstance<T>(s: TestSocial, use: (other: Awaited<ReturnType<typeof secondInstance>>) => Promise<T>): Promise<T> {
  const other = await secondInstance(s);
  try {
    return await use(other);
  } finally {
    await other.close();
  }
}
