import { randomUUID } from 'node:crypto';
import type { PulseEvent } from '@warriors/contracts';
import { fixedClock, type Bus, type Database } from '@warriors/kit';
import {
  holdsFor,
  openPulseSocket,
  registerTestUser,
  socketUrl,
  startOwnNats,
  startOwnNatsCluster,
  startServiceOnNats,
  testUser,
  waitFor,
  type PinnedClock,
  type PulseClient,
} from '@warriors/test-support';
import { createSocialService } from '../../src';
import { insertPulseEvent } from '../../src/store/pulse.store';
import type { Executor } from '../../src/store/schema';
import { LIVE_PULSE_SUBJECT } from '../../src/use-cases/pulse-lines';

/** Stores a line as an instance does (dated when its event happened, stamped when stored); answers it as sockets receive it. */
async function storeLine(database: Database, clock: PinnedClock, user: ReturnType<typeof testUser>, message: string, happenedAt = clock.now()): Promise<PulseEvent> {
  const row = {
    id: randomUUID(),
    type: 'achievement' as const,
    user_id: user.user_id,
    related_user_id: null,
    message,
    created_at: happenedAt,
    stored_at: clock.now(),
    challenge_id: null,
    challenge_date: null,
  };
  expect(await insertPulseEvent(database.db as Executor, row)).toBe(true);
  return { id: row.id, type: row.type, user_id: user.user_id, username: user.username, name: user.name, message, related_user: null, created_at: happenedAt.toISOString() };
}

const announce = (bus: Bus, line: PulseEvent) => bus.publishTransient(LIVE_PULSE_SUBJECT, line);
const copiesOn = (socket: PulseClient, line: PulseEvent) => socket.received.filter((r) => r.message.kind === 'pulse' && r.message.payload.id === line.id).length;

// A three-node cluster elects its leaders in seconds, far more on a loaded 2-core machine.
jest.setTimeout(120_000);

/**
 * The live pulse is a transient subject, which keeps nothing for an instance that is not listening.
 * Social on a NATS server of the test's own, stopped and started again under it: the lines stored
 * meanwhile (by another instance, whose announcement this one could not hear) still reach its
 * sockets, each once.
 */
describe('a social instance cut off from NATS', () => {
  it('sends its sockets the lines stored while it was cut off, once each, and none it had sent', async () => {
    const nats = await startOwnNats();
    const social = await startServiceOnNats({ name: 'social', clock: '2026-03-02T15:00:00.000Z', natsUrl: nats.url, create: (ports) => createSocialService(ports) });
    let socket: PulseClient | undefined;
    try {
      const user = testUser({ name: 'Maria Santos' });
      await registerTestUser(social.bus, social.database, 'social', user, social.clock.now().toISOString());
      socket = await openPulseSocket(socketUrl(social.url, social.tokens.sign({ id: user.user_id })));
      const copiesOf = (line: PulseEvent) => copiesOn(socket!, line);

      const before = await storeLine(social.database, social.clock, user, 'earned the First Meeting badge');
      await announce(social.bus, before);
      await waitFor(() => copiesOf(before) === 1, 5_000, 'the line announced before the outage');

      await nats.stop();
      social.clock.advance(2_000);
      const during = await storeLine(social.database, social.clock, user, 'earned the 100 Calls badge');
      // Made from an event of ten minutes ago that reached social only now (a consumer catching up).
      const late = await storeLine(social.database, social.clock, user, 'climbed to #3 today', new Date(social.clock.now().getTime() - 600_000));
      await nats.start();

      await waitFor(() => copiesOf(during) === 1 && copiesOf(late) === 1, 15_000, 'the lines stored during the outage');
      // Heard live too (its announcement reaching this instance late): still once.
      await announce(social.bus, during);
      await holdsFor(() => copiesOf(during) === 1 && copiesOf(before) === 1 && copiesOf(late) === 1, 1_000, 'one copy of each line');
    } finally {
      socket?.close();
      await social.close();
      await nats.remove();
    }
  });

  it('announces again what it stored while its node died, for the instances whose node lived', async () => {
    const cluster = await startOwnNatsCluster();
    const clock = fixedClock('2026-03-02T15:00:00.000Z');
    const cutOff = await startServiceOnNats({ name: 'social', clock, natsUrl: cluster.servers[0], create: (ports) => createSocialService(ports) });
    const steady = await startServiceOnNats({
      name: 'social',
      clock,
      natsUrl: cluster.servers[1],
      database: cutOff.database,
      secondInstanceOf: cutOff,
      create: (ports) => createSocialService(ports),
    });
    const sockets: PulseClient[] = [];
    let nodeDown = false;
    try {
      const user = testUser({ name: 'Maria Santos' });
      await registerTestUser(cutOff.bus, cutOff.database, 'social', user, clock.now().toISOString());
      const token = cutOff.tokens.sign({ id: user.user_id });
      sockets.push(await openPulseSocket(socketUrl(cutOff.url, token)), await openPulseSocket(socketUrl(steady.url, token)));
      const onEvery = (line: PulseEvent, copies: number) => sockets.every((socket) => copiesOn(socket, line) === copies);

      const heard = await storeLine(cutOff.database, clock, user, 'earned the First Meeting badge');
      await announce(cutOff.bus, heard);
      await waitFor(() => onEvery(heard, 1), 10_000, 'a line announced with every node up, on both instances');

      await cluster.killNode(0);
      nodeDown = true;
      clock.advance(1_000);
      // Stored by the instance whose node is dying: its announcement went down with the node.
      const lost = await storeLine(cutOff.database, clock, user, 'earned the 100 Calls badge');
      await waitFor(() => onEvery(lost, 1), 20_000, 'the line whose announcement was lost, on both instances');
      await holdsFor(() => onEvery(lost, 1) && onEvery(heard, 1), 1_000, 'one copy of each line on each socket');
    } finally {
      for (const socket of sockets) socket.close();
      // The first instance's harness removes the stream through its own node.
      if (nodeDown) await cluster.startNode(0);
      await steady.close();
      await cutOff.close();
      await cluster.stop();
    }
  });
});
