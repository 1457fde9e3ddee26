import type { PulseEvent } from '@warriors/contracts';
import type { Clock } from '@warriors/kit';
import { pulseEventsStoredSince } from '../store/pulse.store';
import type { Executor } from '../store/schema';

/**
 * Lines are stamped by the clock of the instance that stored them, which may run a little ahead of or
 * behind this one's: the replay reaches this much further back, and the caller drops what it sent.
 */
const CLOCK_MARGIN_MS = 5_000;
/** More lines than an outage of minutes makes; of a longer one the newest, which the pulse shows first. */
const MOST_REPLAYED = 500;

/**
 * The lines stored while this instance's bus was cut off for `lostForMs` (and a margin before), oldest
 * first. By when they were stored, not when what they tell happened: a line made from an event that
 * reached social late (a consumer catching up after a crash) is announced when it is stored.
 */
export function linesMadeDuringOutage(deps: { db: Executor; clock: Clock }) {
  return (lostForMs: number): Promise<PulseEvent[]> => pulseEventsStoredSince(deps.db, new Date(deps.clock.now().getTime() - lostForMs - CLOCK_MARGIN_MS), MOST_REPLAYED);
}
