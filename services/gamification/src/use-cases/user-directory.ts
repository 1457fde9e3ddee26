import { createResponseCache, createTtlCache, type UserDirectory } from '@warriors/kit';
import { findUsers, hiddenUserIds } from '../store/users.store';
import type { Executor, UserRow } from '../store/schema';

/**
 * How long another instance's projection change may take to show here: the user.* consumer is a
 * queue group, so only the instance that applied an event can forget its cached copy at once.
 */
const USER_TTL_MS = 5000;
const MAX_CACHED_USERS = 20_000;

/** Kit's UserDirectory, with the batch reads and the invalidation leaderboards need. */
export interface LeaderboardUserDirectory extends UserDirectory<UserRow> {
  /** The users known to the projection among `userIds` (absent ones are not in the map). */
  get(userIds: readonly string[]): Promise<Map<string, UserRow>>;
  /** Users who asked to be left out of every ranking. */
  hidden(): Promise<ReadonlySet<string>>;
  /** Drops cached copies after this instance changed the projection. */
  forget(): void;
  /** Drops one user's cached row. */
  forgetUser(userId: string): void;
}

/** The user rows leaderboard reads need, cached in-process so a warm read never touches PostgreSQL. */
export function createUserDirectory(db: Executor): LeaderboardUserDirectory {
  // Absent users are cached too (as null): an unknown member must not cost a query on every read.
  const users = createTtlCache<string, UserRow | null>({ ttlMs: USER_TTL_MS, maxEntries: MAX_CACHED_USERS });
  const hiddenIds = createResponseCache<'all', ReadonlySet<string>>({ ttlMs: USER_TTL_MS, maxEntries: 1 });

  return {
    async get(userIds) {
      const known = new Map<string, UserRow | null>();
      const missing: string[] = [];
      for (const id of new Set(userIds)) {
        const cached = users.get(id);
        if (cached === undefined) missing.push(id);
        else known.set(id, cached);
      }
      if (missing.length > 0) {
        const rows = new Map((await findUsers(db, missing)).map((row) => [row.user_id, row]));
        for (const id of missing) {
          const row = rows.get(id) ?? null;
          users.set(id, row);
          known.set(id, row);
        }
      }
      const found = new Map<string, UserRow>();
      for (const id of userIds) {
        const row = known.get(id);
        if (row) found.set(id, row);
      }
      return found;
    },
    async resolve(userId) {
      return (await this.get([userId])).get(userId) ?? null;
    },
    hidden() {
      return hiddenIds.get('all', () => hiddenUserIds(db).then((list) => new Set(list)));
    },
    forget() {
      users.clear();
      hiddenIds.clear();
    },
    forgetUser(userId) {
      users.delete(userId);
    },
  };
}
