import { PulseEvent } from '@warriors/contracts';
import type { Bus, Logger, Subscription } from '@warriors/kit';
import type { SocketHub } from '../live/socket-hub';
import { LIVE_PULSE_SUBJECT } from '../use-cases/pulse-lines';

/** Ids of the lines sent lately, so a line replayed after an outage and also heard live goes out once. */
const REMEMBERED_LINES = 5_000;
/**
 * How long after the connection is back the replay reads the stored lines: by then this instance's
 * interest has reached every node of the cluster, so a line stored after the read is heard live.
 */
const REPLAY_DELAY_MS = 1_000;

export interface LivePulseDeps {
  bus: Bus;
  hub: Pick<SocketHub, 'broadcast'>;
  logger: Logger;
  /** The lines stored while the bus was cut off for that long, oldest first. */
  linesMadeDuringOutage: (lostForMs: number) => Promise<PulseEvent[]>;
  /** Sends a stored line to every instance (PulseLines' announce: a failed send is logged, not thrown). */
  announce: (line: PulseEvent) => Promise<void>;
}

/**
 * Every instance hears every stored line on the transient subject and sends it to its own sockets.
 * The subject keeps nothing: when this instance's connection to NATS comes back, it sends its sockets
 * the lines stored meanwhile, which it could not hear, and announces them again for the other
 * instances, which may not have heard them either: what this instance announced while its node was
 * dying was lost with the node. Every instance drops a line it already sent.
 */
export async function listenLivePulse(deps: LivePulseDeps): Promise<Subscription> {
  const sent = new Set<string>();
  const send = (line: PulseEvent): void => {
    if (sent.has(line.id)) return;
    sent.add(line.id);
    // A Set iterates in insertion order: the first is the oldest.
    if (sent.size > REMEMBERED_LINES) sent.delete(sent.values().next().value!);
    deps.hub.broadcast({ kind: 'pulse', payload: line });
  };
  const timers = new Set<NodeJS.Timeout>();
  const replay = async (lostForMs: number): Promise<void> => {
    try {
      const lines = await deps.linesMadeDuringOutage(lostForMs + REPLAY_DELAY_MS);
      for (const line of lines) send(line);
      for (const line of lines) await deps.announce(line);
    } catch (err) {
      deps.logger.warn({ err: (err as Error).message }, 'pulse lines of the outage not replayed');
    }
  };
  const stopListening = deps.bus.onReconnect(({ lostForMs }) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      void replay(lostForMs);
    }, REPLAY_DELAY_MS);
    timers.add(timer);
  });
  const subscription = await deps.bus.subscribeTransient(LIVE_PULSE_SUBJECT, (payload) => {
    const parsed = PulseEvent.safeParse(payload);
    if (!parsed.success) return deps.logger.warn('malformed live pulse line dropped');
    send(parsed.data);
  });
  return {
    async stop() {
      stopListening();
      for (const timer of timers) clearTimeout(timer);
      await subscription.stop();
    },
  };
}
