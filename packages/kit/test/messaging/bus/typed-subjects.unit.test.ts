import type { DomainEvent, EventOf } from '@warriors/contracts';
import { createMemoryBus, MemoryBroker, type Bus, type EventOn } from '../../../src/messaging/bus';
import type { UserEvent } from '../../../src/messaging/user-projection';
import { userRegistered } from './events';
import { waitFor } from '@warriors/test-support';

/*
 * Consumers are typed by the subjects they consume. Most of this file is checked by the compiler
 * (`tsc -p tsconfig.tests.json`, in `npm run typecheck`): each expectType line fails to compile
 * when the two types differ, and each @ts-expect-error line fails when its error goes away.
 */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const expectType = <T extends true>(): T | undefined => undefined;

/** An event type contracts might gain tomorrow. */
type LeagueCreated = { id: string; type: 'league.created'; v: 1; occurredAt: string; data: { league_id: string } };
type Tomorrow = DomainEvent | LeagueCreated;

expectType<Equal<EventOn<'user.>'>, EventOf<'user.registered' | 'user.updated' | 'user.deleted' | 'user.email_verified' | 'user.sessions_revoked'>>>();
expectType<Equal<EventOn<'user.>', Tomorrow>, EventOn<'user.>'>>>();
expectType<Equal<EventOn<'league.>', Tomorrow>, LeagueCreated>>();
expectType<Equal<EventOn<'activity.logged' | 'campaign.completed'>, EventOf<'activity.logged' | 'campaign.completed'>>>();
expectType<Equal<EventOn<'*.deleted'>, EventOf<'user.deleted' | 'activity.deleted'>>>();
expectType<Equal<EventOn<string>, DomainEvent>>();

/** A consumer of user.* handling every event it can receive: it compiles with tomorrow's union as it does today. */
export function userConsumer(event: EventOn<'user.>', Tomorrow>): string {
  switch (event.type) {
    case 'user.registered':
    case 'user.updated':
      return event.data.name;
    case 'user.deleted':
    case 'user.email_verified':
    case 'user.sessions_revoked':
      return event.data.user_id;
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

/** What three consumers did before: switch over the whole union, so tomorrow's type broke them. */
export function wholeUnionConsumer(event: Tomorrow): string {
  switch (event.type) {
    case 'user.registered':
    case 'user.updated':
    case 'user.deleted':
    case 'activity.logged':
    case 'badge.earned':
    case 'campaign.completed':
      return event.id;
    default: {
      // @ts-expect-error league.created reaches the default
      const unknown: never = event;
      return unknown;
    }
  }
}

export async function subscriptions(bus: Bus): Promise<void> {
  await bus.consume({ durable: 'users', subjects: ['user.>'] }, async (_event) => void expectType<Equal<typeof _event, UserEvent>>());
  await bus.consumeBatch({ durable: 'logs', subjects: ['activity.logged'], batch: { max: 8 } }, async (items) => {
    for (const { event: _event } of items) expectType<Equal<typeof _event, EventOf<'activity.logged'>>>();
  });
  // @ts-expect-error a handler of activity.logged cannot take user events
  await bus.consume({ durable: 'mixed', subjects: ['user.>'] }, async (_event: EventOf<'activity.logged'>) => undefined);
}

describe('a consumer typed by its subjects', () => {
  it('skips and acks an event whose type its subjects do not match, so its handler gets only what its type says', async () => {
    const warnings: object[] = [];
    const broker = new MemoryBroker({ logger: { warn: (obj) => void warnings.push(obj), error: () => {} } });
    const bus = createMemoryBus({ broker });
    const seen: string[] = [];
    await bus.consume({ durable: 'deletions', subjects: ['user.deleted'], maxDeliver: 1 }, async (event) => void seen.push(event.data.user_id));
    const letters: unknown[] = [];
    bus.onDeadLetter((letter) => void letters.push(letter));
    // A user.registered published on user.deleted's subject: no handler of deletions may see it.
    const forged = userRegistered();
    broker.publish('user.deleted', forged.id, JSON.stringify(forged));
    await bus.publish({ id: 'del-1', type: 'user.deleted', v: 1, occurredAt: new Date().toISOString(), data: { user_id: 'u1' } });
    await waitFor(() => seen.length === 1, 5_000, 'the deletion delivered');
    expect(seen).toEqual(['u1']);
    expect(warnings).toEqual([{ eventId: forged.id, type: 'user.registered', durable: 'deletions' }]);
    expect(letters).toEqual([]);
    await bus.close();
  });
});
