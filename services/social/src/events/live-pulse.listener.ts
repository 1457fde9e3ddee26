import { PulseEvent } from '@warriors/contracts';
import type { Bus, Logger, Subscription } from '@warriors/kit';
import type { SocketHub } from '../live/socket-hub';
import { LIVE_PULSE_SUBJECT } from '../use-cases/pulse-lines';

/** Every instance hears every stored line on the transient subject and sends it to its own sockets. */
export function listenLivePulse(deps: { bus: Bus; hub: SocketHub; logger: Logger }): Promise<Subscription> {
  return deps.bus.subscribeTransient(LIVE_PULSE_SUBJECT, (payload) => {
    const parsed = PulseEvent.safeParse(payload);
    if (!parsed.success) return deps.logger.warn('malformed live pulse line dropped');
    deps.hub.broadcast({ kind: 'pulse', payload: parsed.data });
  });
}
