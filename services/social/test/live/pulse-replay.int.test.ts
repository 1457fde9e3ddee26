import { randomUUID } from 'node:crypto';
import type { PulseEvent } from '@warriors/contracts';
import type { Bus } from '@warriors/kit';
import { holdsFor, openPulseSocket, registerTestUser, socketUrl, startOwnNats, startServiceOnNats, testUser, waitFor, type PulseClient } from '@warriors/test-support';
import { createSocialService } from '../../src';
import { insertPulseEvent } from '../../src/store/pulse.store';
import type { Executor } from '../../src/store/schema';
import { LIVE_PULSE_SUBJECT } from '../../src/use-cases/pulse-lines';

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
      const db = social.database.db as Executor;
      const storeLine = async (message: string): Promise<PulseEvent> => {
        const at = social.clock.now();
        const row = {
          id: randomUUID(),
          type: 'achievement' as const,
          user_id: user.user_id,
          related_user_id: null,
          message,
          created_at: at,
          challenge_id: null,
          challenge_date: null,
        };
        expect(await insertPulseEvent(db, row)).toBe(true);
        return { id: row.id, type: row.type, user_id: user.user_id, username: user.username, name: user.name, message, related_user: null, created_at: at.toISOString() };
      };
      const announce = (bus: Bus, line: PulseEvent) => bus.publishTransient(LIVE_PULSE_SUBJECT, line);
      const copiesOf = (line: PulseEvent) => socket!.received.filter((r) => r.message.kind === 'pulse' && r.message.payload.id === line.id).length;

      const before = await storeLine('earned the First Meeting badge');
      await announce(social.bus, before);
      await waitFor(() => copiesOf(before) === 1, 5_000, 'the line announced before the outage');

      await nats.stop();
      social.clock.advance(2_000);
      const during = await storeLine('earned the 100 Calls badge');
      await nats.start();

      await waitFor(() => copiesOf(during) === 1, 15_000, 'the line stored during the outage');
      // Heard live too (its announcement reaching this instance late): still once.
      await announce(social.bus, during);
      await holdsFor(() => copiesOf(during) === 1 && copiesOf(before) === 1, 1_000, 'one copy of each line');
    } finally {
      socket?.close();
      await social.close();
      await nats.remove();
    }
  });
});
