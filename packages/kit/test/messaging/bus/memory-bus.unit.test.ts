import { waitFor } from '@warriors/test-support';
import { createMemoryBus, MemoryBroker } from '../../../src/messaging/bus';
import { subjectMatches } from '../../../src/messaging/bus/common';
import { runBusContract } from './bus.contract';
import { userRegistered } from './events';

const quiet = { warn: () => {}, error: () => {} };
let broker = new MemoryBroker({ logger: quiet });

runBusContract(
  'memory',
  async () => createMemoryBus({ broker }),
  async () => {
    broker = new MemoryBroker({ logger: quiet });
  },
);

describe('memory bus specifics', () => {
  const collect = () => {
    const ids: string[] = [];
    return { ids, handler: async (e: { id: string }) => void ids.push(e.id) };
  };

  it('accepts a msgId again only once the 2-minute window has passed', async () => {
    let now = 1_000_000;
    const bus = createMemoryBus({ now: () => now });
    const seen = collect();
    await bus.consume({ durable: 'window', subjects: ['user.>'] }, seen.handler);
    const [a, b, c] = [userRegistered(), userRegistered(), userRegistered()];
    await bus.publish(a, { msgId: 'same' });
    now += 2 * 60_000 - 1;
    await bus.publish(b, { msgId: 'same' });
    now += 1;
    await bus.publish(c, { msgId: 'same' });
    await waitFor(() => seen.ids.length >= 2, 2_000, 'two deliveries');
    expect(seen.ids).toEqual([a.id, c.id]);
    await bus.close();
  });

  it('drops messages every durable has acked and keeps the rest', async () => {
    const broker = new MemoryBroker();
    const bus = createMemoryBus({ broker });
    const fast = collect();
    await bus.consume({ durable: 'fast', subjects: ['user.>'] }, fast.handler);
    const stopped = await bus.consume({ durable: 'stopped', subjects: ['user.>'] }, async () => {});
    await stopped.stop();
    for (let i = 0; i < 3; i++) await bus.publish(userRegistered());
    await waitFor(() => fast.ids.length === 3, 2_000, 'fast durable acked all');
    expect(broker.retainedCount()).toBe(3);
    const resumed = collect();
    await bus.consume({ durable: 'stopped', subjects: ['user.>'] }, resumed.handler);
    await waitFor(() => resumed.ids.length === 3, 2_000, 'resumed durable acked all');
    expect(broker.retainedCount()).toBe(0);
    await bus.close();
  });

  it('caps retention, evicting the oldest messages', async () => {
    const broker = new MemoryBroker({ maxMessages: 2 });
    const bus = createMemoryBus({ broker });
    const events = [userRegistered(), userRegistered(), userRegistered()];
    for (const e of events) await bus.publish(e);
    expect(broker.retainedCount()).toBe(2);
    const seen = collect();
    await bus.consume({ durable: 'late', subjects: ['user.>'] }, seen.handler);
    await waitFor(() => seen.ids.length === 2, 2_000, 'retained events delivered');
    expect(seen.ids).toEqual(events.slice(1).map((e) => e.id));
    await bus.close();
  });

  it('rejects use after close', async () => {
    const bus = createMemoryBus();
    await bus.close();
    await expect(bus.publish(userRegistered())).rejects.toThrow('bus is closed');
  });
});

describe('subjectMatches', () => {
  it.each([
    ['user.>', 'user.registered', true],
    ['user.>', 'user', false],
    ['user.*', 'user.registered', true],
    ['user.*', 'user.registered.x', false],
    ['*.registered', 'user.registered', true],
    ['user.registered', 'user.registered', true],
    ['user.registered', 'user.deleted', false],
    ['user', 'user.registered', false],
  ])('%s matches %s: %s', (filter, subject, expected) => {
    expect(subjectMatches(filter, subject)).toBe(expected);
  });
});
