import type { Badge } from '@warriors/contracts';
import { summarizeBadges } from '../domain/badges';
import { badgeRows } from '../store/badges.store';
import type { Executor } from '../store/schema';

/** Every badge a user holds, each with how often it was earned. */
export function listUserBadges({ db }: { db: Executor }) {
  return async (userId: string): Promise<Badge[]> => summarizeBadges(await badgeRows(db, userId));
}
