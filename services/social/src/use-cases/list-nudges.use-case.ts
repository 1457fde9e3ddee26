import { inbox } from '../store/nudges.store';
import type { Executor } from '../store/schema';

export function listNudges(deps: { db: Executor }) {
  return (userId: string) => inbox(deps.db, userId);
}
