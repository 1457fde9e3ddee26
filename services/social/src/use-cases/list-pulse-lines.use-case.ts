import { pulseWindow, type PulseEvent } from '@warriors/contracts';
import { recentPulseEvents } from '../store/pulse.store';
import type { Executor } from '../store/schema';

const descending = (a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0);
/** Newest first (ISO timestamps of one format sort as text); the id breaks ties as the store's order does. */
const newestFirst = (a: PulseEvent, b: PulseEvent) => descending(a.created_at, b.created_at) || descending(a.id, b.id);

/** The pulse's newest `limit` lines, nudges holding at most their share of them (`pulseWindow`). */
export function listPulseLines(deps: { db: Executor }) {
  return async (limit: number): Promise<PulseEvent[]> => {
    // Each kind's newest `limit` are all any window of `limit` lines can take from it.
    const [nudges, others] = await Promise.all([recentPulseEvents(deps.db, limit, true), recentPulseEvents(deps.db, limit, false)]);
    return pulseWindow([...nudges, ...others].sort(newestFirst), limit);
  };
}
