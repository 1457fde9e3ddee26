import { recentPulseEvents } from '../store/pulse.store';
import type { Executor } from '../store/schema';

export function listPulseLines(deps: { db: Executor }) {
  return (limit: number) => recentPulseEvents(deps.db, limit);
}
